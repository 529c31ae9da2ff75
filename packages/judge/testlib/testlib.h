// A small testlib-compatible header for checkers, written for this judge (not the original
// testlib). It covers what most checkers use: registerTestlibCmd, the streams inf/ouf/ans with
// readInt/readLong/readDouble/readToken/readWord/readLine/eof/seekEof, quitf/quit, ensuref and
// doubleCompare. Exit codes follow the testlib protocol: 0 OK, 1 WA, 2 PE, 3 FAIL.
// Problem authors who need the full library upload their own testlib.h, which replaces this one.
#ifndef OJ_TESTLIB_H
#define OJ_TESTLIB_H

#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

enum TResult { _ok = 0, _wa = 1, _pe = 2, _fail = 3 };

[[noreturn]] inline void quit(TResult result, const std::string &message) {
  const char *label = result == _ok ? "ok" : result == _wa ? "wrong answer" : result == _pe ? "wrong output format" : "FAIL";
  std::fprintf(stderr, "%s %s\n", label, message.c_str());
  std::exit(static_cast<int>(result));
}

inline std::string oj_vformat(const char *fmt, va_list ap) {
  char buf[4096];
  std::vsnprintf(buf, sizeof buf, fmt, ap);
  return buf;
}

[[noreturn]] inline void quitf(TResult result, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  std::string message = oj_vformat(fmt, ap);
  va_end(ap);
  quit(result, message);
}

#define ensuref(cond, ...)                                                   \
  do {                                                                       \
    if (!(cond)) quitf(_fail, __VA_ARGS__);                                  \
  } while (0)
#define ensure(cond)                                                         \
  do {                                                                       \
    if (!(cond)) quitf(_fail, "condition failed: %s", #cond);                \
  } while (0)

/** A whitespace-separated reader; a malformed user output is PE, a malformed answer or input FAIL. */
class InStream {
 public:
  std::FILE *file = nullptr;
  TResult onError = _fail;
  const char *name = "";

  void open(const char *path, TResult errorResult, const char *streamName) {
    name = streamName;
    onError = errorResult;
    file = std::fopen(path, "rb");
    if (!file) quitf(_fail, "cannot open %s (%s)", streamName, path);
  }

  bool seekEof() {
    skipBlanks();
    int c = std::getc(file);
    if (c == EOF) return true;
    std::ungetc(c, file);
    return false;
  }

  bool eof() {
    int c = std::getc(file);
    if (c == EOF) return true;
    std::ungetc(c, file);
    return false;
  }

  std::string readToken() {
    skipBlanks();
    std::string token;
    int c;
    while ((c = std::getc(file)) != EOF && !std::isspace(c)) token.push_back(static_cast<char>(c));
    if (c != EOF) std::ungetc(c, file);
    if (token.empty()) quitf(onError, "unexpected end of file in %s", name);
    return token;
  }
  std::string readWord() { return readToken(); }

  std::string readLine() {
    std::string line;
    int c;
    while ((c = std::getc(file)) != EOF && c != '\n') line.push_back(static_cast<char>(c));
    if (!line.empty() && line.back() == '\r') line.pop_back();
    return line;
  }
  std::string readString() { return readLine(); }

  long long readLong() {
    std::string t = readToken();
    errno = 0;
    char *end = nullptr;
    long long v = std::strtoll(t.c_str(), &end, 10);
    if (errno || *end || t == "-") quitf(onError, "expected an integer in %s, found \"%s\"", name, t.c_str());
    return v;
  }
  long long readLong(long long lo, long long hi, const char *what = "value") {
    long long v = readLong();
    if (v < lo || v > hi) quitf(onError, "%s %lld in %s is out of [%lld, %lld]", what, v, name, lo, hi);
    return v;
  }
  int readInt() { return static_cast<int>(readLong(-2147483648LL, 2147483647LL)); }
  int readInt(int lo, int hi, const char *what = "value") { return static_cast<int>(readLong(lo, hi, what)); }

  double readDouble() {
    std::string t = readToken();
    char *end = nullptr;
    double v = std::strtod(t.c_str(), &end);
    if (*end || !std::isfinite(v)) quitf(onError, "expected a real number in %s, found \"%s\"", name, t.c_str());
    return v;
  }
  double readDouble(double lo, double hi, const char *what = "value") {
    double v = readDouble();
    if (v < lo || v > hi) quitf(onError, "%s %g in %s is out of [%g, %g]", what, v, name, lo, hi);
    return v;
  }
  double readReal() { return readDouble(); }
  double readReal(double lo, double hi, const char *what = "value") { return readDouble(lo, hi, what); }

  // Layout is not checked by this header: these exist so checkers written for testlib compile.
  void readSpace() {}
  void readEoln() {}
  void readEof() {}

 private:
  void skipBlanks() {
    int c;
    while ((c = std::getc(file)) != EOF && std::isspace(c)) {
    }
    if (c != EOF) std::ungetc(c, file);
  }
};

inline InStream inf, ouf, ans;

inline void registerTestlibCmd(int argc, char *argv[]) {
  if (argc < 4) quitf(_fail, "usage: %s input output answer", argc > 0 ? argv[0] : "checker");
  inf.open(argv[1], _fail, "input");
  ouf.open(argv[2], _pe, "output");
  ans.open(argv[3], _fail, "answer");
}

/** testlib's rule: equal within an absolute or a relative error of `eps`. */
inline bool doubleCompare(double expected, double result, double eps) {
  if (std::isnan(expected) || std::isnan(result)) return std::isnan(expected) && std::isnan(result);
  if (std::isinf(expected) || std::isinf(result)) return expected == result;
  double diff = std::fabs(result - expected);
  return diff <= eps + 1e-15 || diff <= std::fabs(expected) * eps + 1e-15;
}

#endif
