// testlib.h: this judge's own implementation of the testlib API (checkers, interactors, validators,
// generators). It is written from testlib's documented behaviour, not copied from it, so that a
// program written for the original compiles unchanged and ends with the same exit code and the
// same message. docs/testlib.md lists the protocol the judge reads (exit code -> verdict, points).
// An author's own testlib.h, uploaded beside the checker, is compiled instead of this one.
//
// Sections: 1 configuration · 2 results · 3 text helpers · 4 numbers · 5 patterns · 6 random ·
// 7 input sources · 8 InStream · 9 global state · 10 quitting · 11 reading · 12 registration ·
// 13 command-line opts · 14 output helpers · 15 finalization.
//
// Everything lives in one translation unit (the checker), as with the original: globals such as
// inf/ouf/ans/rnd are defined here. Functions are `inline` so that only the ones a program uses
// are compiled to machine code, which keeps the (cached, once per checker) compile short.
// Names starting with __testlib_ exist because published checkers and generators call them.

#ifndef _TESTLIB_H_
#define _TESTLIB_H_

#define VERSION "0.9.45"

// testlib hides POSIX random() while <stdlib.h> is first read, so programs may call their own
// things `random`; done the same way here for the same programs.
#define random __testlib_hidden_posix_random
#include <stdlib.h>
#include <cstdlib>
#include <climits>
#include <algorithm>
#undef random

// The same standard headers as the original: checkers and generators rely on them arriving
// through testlib.h (sort without <algorithm>, cout without <iostream>, std::set, ...).
#include <cctype>
#include <cmath>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <functional>
#include <iostream>
#include <iterator>
#include <limits>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>
#include <fcntl.h>
#include <stdarg.h>
#if !defined(_WIN32)
#include <unistd.h>
#endif
#ifdef TESTLIB_THROW_EXIT_EXCEPTION_INSTEAD_OF_EXIT
#include <exception>
#endif

// =================================================================================================
// 1. Configuration. Exit codes can be changed with -D like in testlib; the defaults are the
//    protocol every judge (this one included) understands.
// =================================================================================================

#ifndef OK_EXIT_CODE
#define OK_EXIT_CODE 0
#endif
#ifndef WA_EXIT_CODE
#define WA_EXIT_CODE 1
#endif
#ifndef PE_EXIT_CODE
#define PE_EXIT_CODE 2
#endif
#ifndef FAIL_EXIT_CODE
#define FAIL_EXIT_CODE 3
#endif
#ifndef DIRT_EXIT_CODE
#define DIRT_EXIT_CODE 4
#endif
#ifndef POINTS_EXIT_CODE
#define POINTS_EXIT_CODE 7
#endif
#ifndef UNEXPECTED_EOF_EXIT_CODE
#define UNEXPECTED_EOF_EXIT_CODE 8
#endif
#ifndef PC_BASE_EXIT_CODE
#define PC_BASE_EXIT_CODE 0
#endif

#define LF ((char)10)
#define CR ((char)13)
#define TAB ((char)9)
#define SPACE ((char)' ')
#define EOFC (255)
#define I64 "%lld"
#define U64 "%llu"

#ifndef NORETURN
#if defined(__GNUC__)
#define NORETURN __attribute__((noreturn))
#elif defined(_MSC_VER)
#define NORETURN __declspec(noreturn)
#else
#define NORETURN
#endif
#endif

// printf-style checking of quitf(...) and friends, so a wrong %d is a compiler warning.
#if defined(__GNUC__)
#define TESTLIB_PRINTF(formatIndex, firstArgument) __attribute__((format(printf, formatIndex, firstArgument)))
#else
#define TESTLIB_PRINTF(formatIndex, firstArgument)
#endif

// =================================================================================================
// 2. Results and modes
// =================================================================================================

enum TMode { _input, _output, _answer };

// Values 6..15 are reserved by testlib; _partially + n is "partially correct" with n points.
enum TResult {
  _ok = 0,
  _wa = 1,
  _pe = 2,
  _fail = 3,
  _dirt = 4,
  _points = 5,
  _unexpected_eof = 8,
  _partially = 16
};

enum TTestlibMode { _unknown, _checker, _validator, _generator, _interactor, _scorer };

#define _pc(exitCode) (TResult(_partially + (exitCode)))

NORETURN inline void quit(TResult result, const std::string &message);
NORETURN inline void quit(TResult result, const char *message);
NORETURN inline void __testlib_fail(const std::string &message);

// =================================================================================================
// 3. Text helpers (public: checkers build their messages with them)
// =================================================================================================

namespace testlib_internal {

inline std::string vformat(const char *format, va_list args) {
  va_list measure;
  va_copy(measure, args);
  int length = std::vsnprintf(NULL, 0, format, measure);
  va_end(measure);
  if (length <= 0) return std::string();
  std::vector<char> buffer(size_t(length) + 1);
  std::vsnprintf(&buffer[0], buffer.size(), format, args);
  return std::string(&buffer[0], size_t(length));
}

const int kEof = -1;  // what input sources return past the last byte

inline bool isBlank(int c) { return c == '\n' || c == '\r' || c == ' ' || c == '\t'; }

}  // namespace testlib_internal

// Formats like printf into a std::string. Deliberately without a format attribute: internal
// callers pass formats that are not literals and must not draw -Wformat-security warnings.
inline std::string testlib_format_(const char *format, ...) {
  va_list args;
  va_start(args, format);
  std::string result = testlib_internal::vformat(format, args);
  va_end(args);
  return result;
}

// A template rather than a C variadic: with `using namespace std;` and C++20's std::format in
// scope, the exact-match template is what format("%d", x) must resolve to.
template <typename... Args>
std::string format(const char *fmt, Args &&...args) {
  return testlib_format_(fmt, args...);
}
template <typename... Args>
std::string format(const std::string &fmt, Args &&...args) {
  return testlib_format_(fmt.c_str(), args...);
}

template <typename C>
inline bool isEof(C c) {
  return c == EOFC;
}
template <typename C>
inline bool isEoln(C c) {
  return c == LF || c == CR;
}
template <typename C>
inline bool isBlanks(C c) {
  return c == LF || c == CR || c == SPACE || c == TAB;
}

inline std::string upperCase(std::string s) {
  for (size_t i = 0; i < s.length(); i++)
    if ('a' <= s[i] && s[i] <= 'z') s[i] = char(s[i] - 'a' + 'A');
  return s;
}

inline std::string lowerCase(std::string s) {
  for (size_t i = 0; i < s.length(); i++)
    if ('A' <= s[i] && s[i] <= 'Z') s[i] = char(s[i] - 'A' + 'a');
  return s;
}

/** Drops spaces, tabs and line breaks from both ends. */
inline std::string trim(const std::string &s) {
  size_t begin = 0, end = s.length();
  while (begin < end && isBlanks(s[begin])) begin++;
  while (end > begin && isBlanks(s[end - 1])) end--;
  return s.substr(begin, end - begin);
}

/** A string fit for a message: NULs shown as '~', and at most 64 characters (head...tail). */
inline std::string __testlib_part(const std::string &s) {
  std::string shown(s);
  std::replace(shown.begin(), shown.end(), '\0', '~');
  if (shown.length() <= 64) return shown;
  return shown.substr(0, 30) + "..." + shown.substr(shown.length() - 31, 31);
}

inline std::string compress(const std::string &s) { return __testlib_part(s); }

/** "st", "nd", "rd" or "th" for 1st, 2nd, 3rd, 4th, 11th, 21st... */
inline std::string englishEnding(int x) {
  x %= 100;
  if (x / 10 == 1) return "th";
  if (x % 10 == 1) return "st";
  if (x % 10 == 2) return "nd";
  if (x % 10 == 3) return "rd";
  return "th";
}

/** "1.5000" -> "1.5", "2.000" -> "2.0": how testlib prints points and doubles in messages. */
inline std::string removeDoubleTrailingZeroes(std::string value) {
  if (value.find('.') != std::string::npos)
    while (!value.empty() && value[value.length() - 1] == '0') value.erase(value.length() - 1);
  if (!value.empty() && value[value.length() - 1] == '.') return value + '0';
  return value;
}

/** Splits at every separator: exactly (number of separators + 1) items. */
inline std::vector<std::string> split(const std::string &s, const std::string &separators) {
  if (separators.empty()) return std::vector<std::string>(1, s);
  std::vector<std::string> items(1);
  for (size_t i = 0; i < s.length(); i++) {
    if (separators.find(s[i]) != std::string::npos)
      items.push_back(std::string());
    else
      items.back() += s[i];
  }
  return items;
}
inline std::vector<std::string> split(const std::string &s, char separator) {
  return split(s, std::string(1, separator));
}

/** Splits at separators and keeps only the non-empty items. */
inline std::vector<std::string> tokenize(const std::string &s, const std::string &separators) {
  if (separators.empty()) return std::vector<std::string>(1, s);
  std::vector<std::string> items;
  std::vector<std::string> parts = split(s, separators);
  for (size_t i = 0; i < parts.size(); i++)
    if (!parts[i].empty()) items.push_back(parts[i]);
  return items;
}
inline std::vector<std::string> tokenize(const std::string &s, char separator) {
  return tokenize(s, std::string(1, separator));
}

template <typename Iterator, typename Separator>
std::string join(Iterator first, Iterator last, Separator separator) {
  std::stringstream out;
  for (Iterator i = first; i != last; ++i) {
    if (i != first) out << separator;
    out << *i;
  }
  return out.str();
}
template <typename Iterator>
std::string join(Iterator first, Iterator last) {
  return join(first, last, ' ');
}
template <typename Collection, typename Separator>
std::string join(const Collection &collection, Separator separator) {
  return join(collection.begin(), collection.end(), separator);
}
template <typename Collection>
std::string join(const Collection &collection) {
  return join(collection, ' ');
}

// =================================================================================================
// 4. Numbers: printing (vtos) and comparing doubles
// =================================================================================================

namespace testlib_internal {

template <typename T>
bool isNegative(const T &value, std::true_type /*signed*/) {
  return value < 0;
}
template <typename T>
bool isNegative(const T &, std::false_type /*unsigned*/) {
  return false;
}
template <typename T>
bool isNegative(const T &value) {
  return isNegative(value, std::integral_constant<bool, std::is_signed<T>::value>());
}

// Digit by digit, so the most negative value prints without overflow.
template <typename T>
std::string toText(const T &value, std::true_type /*integral*/) {
  if (value == 0) return "0";
  std::string digits;
  for (T rest = value; rest != 0; rest /= 10) {
    int digit = int(rest % 10);
    digits += char('0' + (digit < 0 ? -digit : digit));
  }
  if (isNegative(value)) digits += '-';
  std::reverse(digits.begin(), digits.end());
  return digits;
}

// Like testlib: the first whitespace-separated word of what operator<< prints (6 significant
// digits for doubles).
template <typename T>
std::string toText(const T &value, std::false_type /*integral*/) {
  std::ostringstream out;
  out << value;
  std::istringstream words(out.str());
  std::string word;
  words >> word;
  return word;
}

inline std::string toText(const bool &value, std::true_type) { return value ? "1" : "0"; }

// testlib's own abs/min/max, kept because checkers print their results: abs(0.0) is -0.0 and
// min(x, NaN) is NaN, which std::fabs and std::min would print differently.
template <typename T>
T absOf(const T &x) {
  return x > 0 ? x : -x;
}
template <typename T>
T minOf(const T &a, const T &b) {
  return a < b ? a : b;
}
template <typename T>
T maxOf(const T &a, const T &b) {
  return a > b ? a : b;
}

}  // namespace testlib_internal

template <typename T>
std::string vtos(const T &t) {
  return testlib_internal::toText(t, std::integral_constant<bool, std::is_integral<T>::value>());
}

template <typename T>
std::string toString(const T &t) {
  return vtos(t);
}

/** Range bounds in messages: 1000000000 prints as 10^9 and 200000000 as 2*10^8. */
template <typename T>
std::string toHumanReadableString(const T &n) {
  if (n == 0) return vtos(n);
  int zeroes = 0;
  T mantissa = n;
  while (mantissa % 10 == 0) mantissa /= 10, zeroes++;
  if (zeroes < 7) return vtos(n);
  std::string power = "10^" + vtos(zeroes);
  if (mantissa == 1) return power;
  if (testlib_internal::isNegative(mantissa) && mantissa + 1 == 0) return "-" + power;
  return vtos(mantissa) + "*" + power;
}

inline bool __testlib_isNaN(double r) {
  // Bit test: stays right under -ffast-math, where r != r may be folded away.
  uint64_t bits;
  std::memcpy(&bits, &r, sizeof bits);
  return (bits & 0x7FF0000000000000ULL) == 0x7FF0000000000000ULL && (bits & 0x000FFFFFFFFFFFFFULL) != 0;
}

// testlib counts anything beyond 1e300 in magnitude as infinite.
inline bool __testlib_isInfinite(double r) {
  volatile double value = r;
  return value > 1E300 || value < -1E300;
}

/** Equal within an absolute or a relative error of maxDoubleError (plus 1e-15 for rounding). */
inline bool doubleCompare(double expected, double result, double maxDoubleError) {
  maxDoubleError += 1E-15;
  if (__testlib_isNaN(expected)) return __testlib_isNaN(result);
  if (__testlib_isInfinite(expected)) {
    if (expected > 0) return result > 0 && __testlib_isInfinite(result);
    return result < 0 && __testlib_isInfinite(result);
  }
  if (__testlib_isNaN(result) || __testlib_isInfinite(result)) return false;
  if (testlib_internal::absOf(result - expected) <= maxDoubleError) return true;
  double low = expected * (1.0 - maxDoubleError), high = expected * (1.0 + maxDoubleError);
  return result >= testlib_internal::minOf(low, high) && result <= testlib_internal::maxOf(low, high);
}

/** The smaller of the absolute and the relative error (absolute only when expected is ~0). */
inline double doubleDelta(double expected, double result) {
  using namespace testlib_internal;
  double absolute = absOf(result - expected);
  if (absOf(expected) > 1E-9) return minOf(absolute, absOf(absolute / expected));
  return absolute;
}

/** Whether the decimal text s is exactly `integer` (no sign or zero tricks). */
inline bool equals(long long integer, const char *s) {
  return std::strcmp(vtos(integer).c_str(), s) == 0;
}
inline bool equals(unsigned long long integer, const char *s) {
  return std::strcmp(vtos(integer).c_str(), s) == 0;
}

// =================================================================================================
// 5. Patterns: the small regex language of readToken("[a-z]{1,10}") and rnd.next("...").
//    A pattern is a chain: one character set repeated {from,to} times, then the rest; '|'
//    splits alternatives and "(...)" groups. Matching is greedy without backtracking and
//    generation draws the count, then each character, then the alternative, in that order, so
//    that generators reproduce testlib's strings. Unescaped spaces are ignored.
// =================================================================================================

class random_t;

class pattern {
 public:
  pattern(std::string s);
  /** A random string matching the pattern (no '*' or '+' allowed). */
  std::string next(random_t &rnd) const;
  bool matches(const std::string &s) const { return matchesFrom(s, 0); }
  /** The pattern as written. */
  std::string src() const { return source_; }

 private:
  bool matchesFrom(const std::string &s, size_t pos) const;

  std::string source_;
  std::vector<pattern> children_;  // alternatives, or the single rest of the chain
  std::vector<char> chars_;        // the character set, sorted
  int from_, to_;                  // repetition count; to_ == 0 means "no character set here"
};

namespace testlib_internal {

NORETURN inline void illegalPattern(const std::string &s) {
  __testlib_fail("pattern: Illegal pattern (or part) \"" + s + "\"");
}

/** c at pos is a metacharacter: it is there and preceded by an even number of backslashes. */
inline bool isMeta(const std::string &s, size_t pos, char c) {
  if (pos >= s.length() || s[pos] != c) return false;
  size_t slashes = 0;
  while (slashes < pos && s[pos - 1 - slashes] == '\\') slashes++;
  return slashes % 2 == 0;
}

/** One literal character, taking a backslash escape into account. */
inline char takeChar(const std::string &s, size_t &pos) {
  pos += s[pos] == '\\' ? 2 : 1;
  return s[pos - 1];
}

/** Reads "[...]" (ranges a-z, negation ^) or a single character at pos. */
inline std::vector<char> scanCharSet(const std::string &s, size_t &pos) {
  if (pos >= s.length()) illegalPattern(s);
  std::vector<char> set;
  if (!isMeta(s, pos, '[')) {
    set.push_back(takeChar(s, pos));
    return set;
  }
  pos++;
  bool negated = isMeta(s, pos, '^');
  if (negated) pos++;
  char pending = 0;  // the last single character, which may start a range
  while (pos < s.length() && !isMeta(s, pos, ']')) {
    if (isMeta(s, pos, '-') && pending != 0) {
      pos++;
      if (pos + 1 == s.length() || isMeta(s, pos, ']')) {  // "a-]": a literal '-'
        set.push_back(pending);
        pending = '-';
        continue;
      }
      char last = takeChar(s, pos);
      if (pending > last) illegalPattern(s);
      for (char c = pending; c != last; c++) set.push_back(c);
      set.push_back(last);
      pending = 0;
    } else {
      if (pending != 0) set.push_back(pending);
      pending = takeChar(s, pos);
    }
  }
  if (pending != 0) set.push_back(pending);
  if (!isMeta(s, pos, ']')) illegalPattern(s);
  pos++;
  if (negated) {
    std::sort(set.begin(), set.end());
    std::vector<char> complement;
    for (int code = 0; code < 255; code++)
      if (!std::binary_search(set.begin(), set.end(), char(code))) complement.push_back(char(code));
    set = complement;
  }
  std::sort(set.begin(), set.end());
  return set;
}

/** Reads a repetition: {n}, {n,m}, ?, *, + or nothing (once). */
inline void scanCounts(const std::string &s, size_t &pos, int &from, int &to) {
  from = to = 1;
  if (pos >= s.length()) return;
  if (isMeta(s, pos, '?')) {
    from = 0, to = 1, pos++;
    return;
  }
  if (isMeta(s, pos, '*')) {
    from = 0, to = INT_MAX, pos++;
    return;
  }
  if (isMeta(s, pos, '+')) {
    from = 1, to = INT_MAX, pos++;
    return;
  }
  if (!isMeta(s, pos, '{')) return;
  std::vector<std::string> parts;
  std::string part;
  for (pos++; pos < s.length() && !isMeta(s, pos, '}');) {
    if (isMeta(s, pos, ',')) {
      parts.push_back(part);
      part.clear();
      pos++;
    } else {
      part += takeChar(s, pos);
    }
  }
  if (!part.empty()) parts.push_back(part);
  if (!isMeta(s, pos, '}') || parts.empty() || parts.size() > 2) illegalPattern(s);
  pos++;
  int numbers[2] = {0, 0};
  for (size_t i = 0; i < parts.size(); i++)
    if (parts[i].empty() || std::sscanf(parts[i].c_str(), "%d", &numbers[i]) != 1) illegalPattern(s);
  from = numbers[0];
  to = parts.size() == 1 ? numbers[0] : numbers[1];
  if (from > to) illegalPattern(s);
}

}  // namespace testlib_internal

inline pattern::pattern(std::string s) : source_(s), from_(0), to_(0) {
  using testlib_internal::isMeta;
  std::string compact;
  for (size_t i = 0; i < s.length(); i++)
    if (!isMeta(s, i, ' ')) compact += s[i];
  s = compact;

  int depth = 0, firstClose = -1;
  std::vector<int> bars;  // top-level '|'
  for (size_t i = 0; i < s.length(); i++) {
    if (isMeta(s, i, '(')) {
      depth++;
      continue;
    }
    if (isMeta(s, i, ')')) {
      depth--;
      if (depth == 0 && firstClose == -1) firstClose = int(i);
      continue;
    }
    if (depth < 0) testlib_internal::illegalPattern(s);
    if (isMeta(s, i, '|') && depth == 0) bars.push_back(int(i));
  }
  if (depth != 0) testlib_internal::illegalPattern(s);

  if (bars.empty() && firstClose + 1 == int(s.length()) && isMeta(s, 0, '(') && isMeta(s, s.length() - 1, ')')) {
    children_.push_back(pattern(s.substr(1, s.length() - 2)));
  } else if (!bars.empty()) {
    bars.push_back(int(s.length()));
    int start = 0;
    for (size_t i = 0; i < bars.size(); i++) {
      children_.push_back(pattern(s.substr(start, bars[i] - start)));
      start = bars[i] + 1;
    }
  } else {
    size_t pos = 0;
    chars_ = testlib_internal::scanCharSet(s, pos);
    testlib_internal::scanCounts(s, pos, from_, to_);
    if (pos < s.length()) children_.push_back(pattern(s.substr(pos)));
  }
}

inline bool pattern::matchesFrom(const std::string &s, size_t pos) const {
  if (to_ > 0) {
    size_t run = 0;
    while (pos + run < s.length() && std::binary_search(chars_.begin(), chars_.end(), s[pos + run])) run++;
    if (run < size_t(from_)) return false;
    pos += std::min(run, size_t(to_));
  }
  if (children_.empty()) return pos == s.length();
  for (size_t i = 0; i < children_.size(); i++)
    if (children_[i].matchesFrom(s, pos)) return true;
  return false;
}

// =================================================================================================
// 6. Random numbers. A 48-bit linear congruential generator (the java.util.Random constants),
//    seeded from the command line, so a generator's test depends only on its arguments. Every
//    overload below draws exactly the bits testlib draws: Polygon packages rely on the same
//    arguments giving the same tests.
// =================================================================================================

namespace testlib_internal {
const unsigned long long kMultiplier = 0x5DEECE66DULL;
const unsigned long long kAddend = 0xBULL;
const unsigned long long kMask = (1ULL << 48) - 1;
const unsigned long long kInitialSeed = 3905348978240129619ULL;
const int kWeightLimit = 25;  // |type| below this: wnext takes max/min of draws; else a power law

template <typename T>
T crop(T value, T low, T high) {  // into [low, high)
  return minOf(maxOf(value, low), T(high - 1));
}
inline double crop(double value, double low, double high) {
  value = minOf(maxOf(value, low), high);
  if (value >= high) value = std::nexttoward(high, low);
  return value;
}
}  // namespace testlib_internal

class random_t {
 public:
  /** 0 for generators written for testlib before 0.8.7 (fewer bits in 64-bit draws). */
  static int version;

  random_t() : seed_(testlib_internal::kInitialSeed) {}

  /** Seeds from all arguments after the program name. */
  void setSeed(int argc, char *argv[]) {
    using namespace testlib_internal;
    seed_ = kInitialSeed;
    for (int i = 1; i < argc; i++) {
      for (const char *c = argv[i]; *c; c++) seed_ = seed_ * kMultiplier + (unsigned int)(*c) + kAddend;
      seed_ += kMultiplier / kAddend;
    }
    seed_ &= kMask;
  }

  void setSeed(long long seed) {
    seed_ = ((unsigned long long)seed ^ testlib_internal::kMultiplier) & testlib_internal::kMask;
  }

  /** A random string matching the pattern, e.g. next("[a-z]{1,10}"). */
  std::string next(const std::string &ptrn) { return pattern(ptrn).next(*this); }

  /** As above with printf-style formatting first: next("[a-z]{%d}", n). */
  TESTLIB_PRINTF(2, 3) std::string next(const char *format, ...) {
    va_list args;
    va_start(args, format);
    std::string ptrn = testlib_internal::vformat(format, args);
    va_end(args);
    return next(ptrn);
  }

  /** Uniform in [0, n). */
  int next(int n) {
    if (n <= 0) __testlib_fail("random_t::next(int n): n must be positive");
    if ((n & -n) == n) return int((n * (long long)nextBits(31)) >> 31);  // a power of two
    const long long limit = INT_MAX / n * n;
    long long bits;
    do bits = nextBits(31);
    while (bits >= limit);
    return int(bits % n);
  }
  unsigned int next(unsigned int n) {
    if (n >= INT_MAX) __testlib_fail("random_t::next(unsigned int n): n must be less INT_MAX");
    return (unsigned int)next(int(n));
  }
  long long next(long long n) {
    if (n <= 0) __testlib_fail("random_t::next(long long n): n must be positive");
    const long long limit = LLONG_MAX / n * n;
    long long bits;
    do bits = nextBits(63);
    while (bits >= limit);
    return bits % n;
  }
  unsigned long long next(unsigned long long n) {
    if (n >= (unsigned long long)LLONG_MAX)
      __testlib_fail("random_t::next(unsigned long long n): n must be less LONGLONG_MAX");
    return (unsigned long long)next((long long)n);
  }
  long next(long n) { return (long)next((long long)n); }
  unsigned long next(unsigned long n) {
    if (n >= (unsigned long)LONG_MAX) __testlib_fail("random_t::next(unsigned long n): n must be less LONG_MAX");
    return (unsigned long)next((unsigned long long)n);
  }

  /** Uniform in [from, to]. Note: the int version draws 63 bits, like testlib. */
  int next(int from, int to) { return int(next((long long)to - from + 1) + from); }
  unsigned int next(unsigned int from, unsigned int to) {
    return (unsigned int)(next((long long)to - from + 1) + from);
  }
  long long next(long long from, long long to) { return next(to - from + 1) + from; }
  unsigned long long next(unsigned long long from, unsigned long long to) {
    if (from > to)
      __testlib_fail("random_t::next(unsigned long long from, unsigned long long to): from can't not exceed to");
    return next(to - from + 1) + from;
  }
  long next(long from, long to) { return next(to - from + 1) + from; }
  unsigned long next(unsigned long from, unsigned long to) {
    if (from > to) __testlib_fail("random_t::next(unsigned long from, unsigned long to): from can't not exceed to");
    return next(to - from + 1) + from;
  }

  /** Uniform double in [0, 1), 53 random bits. */
  double next() {
    long long high = (long long)nextBits(26) << 27;
    long long low = nextBits(27);
    return testlib_internal::crop((double)(high + low) / (double)(1LL << 53), 0.0, 1.0);
  }
  double next(double n) {
    if (n <= 0.0) __testlib_fail("random_t::next(double): n should be positive");
    return testlib_internal::crop(n * next(), 0.0, n);
  }
  double next(double from, double to) {
    if (from >= to) __testlib_fail("random_t::next(double from, double to): from should be strictly less than to");
    return next(to - from) + from;
  }

  template <typename Container>
  typename Container::value_type any(const Container &c) {
    int size = int(c.size());
    if (size <= 0) __testlib_fail("random_t::any(const Container& c): c.size() must be positive");
    typename Container::const_iterator it = c.begin();
    std::advance(it, next(size));
    return *it;
  }
  template <typename Iter>
  typename std::iterator_traits<Iter>::value_type any(const Iter &begin, const Iter &end) {
    int size = int(std::distance(begin, end));
    if (size <= 0) __testlib_fail("random_t::any(const Iter& begin, const Iter& end): range must have positive length");
    Iter it = begin;
    std::advance(it, next(size));
    return *it;
  }

  // Weighted draws: type > 0 leans to the top (the max of type+1 uniform draws), type < 0 to
  // the bottom (the min), 0 is uniform. From |type| >= 25 a power law replaces the repeated draws.
  int wnext(int n, int type) {
    if (n <= 0) __testlib_fail("random_t::wnext(int n, int type): n must be positive");
    if (std::abs(type) < testlib_internal::kWeightLimit) {
      int result = next(n);
      for (int i = 0; i < +type; i++) result = testlib_internal::maxOf(result, next(n));
      for (int i = 0; i < -type; i++) result = testlib_internal::minOf(result, next(n));
      return result;
    }
    return testlib_internal::crop((int)(double(n) * powerLaw(type)), 0, n);
  }
  long long wnext(long long n, int type) {
    if (n <= 0) __testlib_fail("random_t::wnext(long long n, int type): n must be positive");
    if (std::abs(type) < testlib_internal::kWeightLimit) {
      long long result = next(n);
      for (int i = 0; i < +type; i++) result = testlib_internal::maxOf(result, next(n));
      for (int i = 0; i < -type; i++) result = testlib_internal::minOf(result, next(n));
      return result;
    }
    return testlib_internal::crop((long long)(double(n) * powerLaw(type)), 0LL, n);
  }
  double wnext(double n, int type) {
    if (n <= 0) __testlib_fail("random_t::wnext(double n, int type): n must be positive");
    if (std::abs(type) < testlib_internal::kWeightLimit) {
      double result = next();
      for (int i = 0; i < +type; i++) result = testlib_internal::maxOf(result, next());
      for (int i = 0; i < -type; i++) result = testlib_internal::minOf(result, next());
      return n * result;
    }
    return testlib_internal::crop(n * powerLaw(type), 0.0, n);
  }
  double wnext(int type) { return wnext(1.0, type); }
  unsigned int wnext(unsigned int n, int type) {
    if (n >= INT_MAX) __testlib_fail("random_t::wnext(unsigned int n, int type): n must be less INT_MAX");
    return (unsigned int)wnext(int(n), type);
  }
  unsigned long long wnext(unsigned long long n, int type) {
    if (n >= (unsigned long long)LLONG_MAX)
      __testlib_fail("random_t::wnext(unsigned long long n, int type): n must be less LONGLONG_MAX");
    return (unsigned long long)wnext((long long)n, type);
  }
  long wnext(long n, int type) { return (long)wnext((long long)n, type); }
  unsigned long wnext(unsigned long n, int type) {
    if (n >= (unsigned long)LONG_MAX) __testlib_fail("random_t::wnext(unsigned long n, int type): n must be less LONG_MAX");
    return (unsigned long)wnext((unsigned long long)n, type);
  }
  int wnext(int from, int to, int type) {
    if (from > to) __testlib_fail("random_t::wnext(int from, int to, int type): from can't not exceed to");
    return wnext(to - from + 1, type) + from;
  }
  int wnext(unsigned int from, unsigned int to, int type) {
    if (from > to)
      __testlib_fail("random_t::wnext(unsigned int from, unsigned int to, int type): from can't not exceed to");
    return int(wnext(to - from + 1, type) + from);
  }
  long long wnext(long long from, long long to, int type) {
    if (from > to) __testlib_fail("random_t::wnext(long long from, long long to, int type): from can't not exceed to");
    return wnext(to - from + 1, type) + from;
  }
  unsigned long long wnext(unsigned long long from, unsigned long long to, int type) {
    if (from > to)
      __testlib_fail(
          "random_t::wnext(unsigned long long from, unsigned long long to, int type): from can't not exceed to");
    return wnext(to - from + 1, type) + from;
  }
  long wnext(long from, long to, int type) {
    if (from > to) __testlib_fail("random_t::wnext(long from, long to, int type): from can't not exceed to");
    return wnext(to - from + 1, type) + from;
  }
  unsigned long wnext(unsigned long from, unsigned long to, int type) {
    if (from > to)
      __testlib_fail("random_t::wnext(unsigned long from, unsigned long to, int type): from can't not exceed to");
    return wnext(to - from + 1, type) + from;
  }
  double wnext(double from, double to, int type) {
    if (from >= to)
      __testlib_fail("random_t::wnext(double from, double to, int type): from should be strictly less than to");
    return wnext(to - from, type) + from;
  }

  template <typename Container>
  typename Container::value_type wany(const Container &c, int type) {
    int size = int(c.size());
    if (size <= 0) __testlib_fail("random_t::wany(const Container& c, int type): c.size() must be positive");
    typename Container::const_iterator it = c.begin();
    std::advance(it, wnext(size, type));
    return *it;
  }
  template <typename Iter>
  typename std::iterator_traits<Iter>::value_type wany(const Iter &begin, const Iter &end, int type) {
    int size = int(std::distance(begin, end));
    if (size <= 0)
      __testlib_fail("random_t::any(const Iter& begin, const Iter& end, int type): range must have positive length");
    Iter it = begin;
    std::advance(it, wnext(size, type));
    return *it;
  }

  /** A random permutation of first, first+1, ..., first+size-1. */
  template <typename T, typename E>
  std::vector<E> perm(T size, E first) {
    if (testlib_internal::isNegative(size)) __testlib_fail("random_t::perm(T size, E first = 0): size must non-negative");
    std::vector<E> p;
    if (size == 0) return p;
    p.resize(size_t(size));
    E current = first;
    for (T i = 0; i < size; i++) p[size_t(i)] = current++;
    for (T i = 1; i < size; i++) std::swap(p[size_t(i)], p[size_t(next(i + 1))]);
    return p;
  }
  template <typename T>
  std::vector<T> perm(T size) {
    return perm(size, T(0));
  }

  /** `size` distinct numbers from [from, to], in random order. */
  template <typename T>
  std::vector<T> distinct(int size, T from, T to) {
    std::vector<T> result;
    if (size == 0) return result;
    if (from > to) __testlib_fail("random_t::distinct expected from <= to");
    if (size < 0) __testlib_fail("random_t::distinct expected size >= 0");
    uint64_t n = to - from + 1;
    if (uint64_t(size) > n) __testlib_fail("random_t::distinct expected size <= to - from + 1");
    // Rejection sampling while it is expected to be cheaper than shuffling the whole range.
    double expectedDraws = 0.0;
    for (int i = 1; i <= size; i++) expectedDraws += double(n) / double(n - i + 1);
    if (expectedDraws < double(n)) {
      std::set<T> seen;
      while (int(seen.size()) < size) {
        T x = T(next(from, to));
        if (seen.insert(x).second) result.push_back(x);
      }
    } else {
      if (n > 1000000000) __testlib_fail("random_t::distinct here expected to - from + 1 <= 1000000000");
      std::vector<T> p(perm(int(n), from));
      result.insert(result.end(), p.begin(), p.begin() + size);
    }
    return result;
  }
  template <typename T>
  std::vector<T> distinct(int size, T upper) {
    if (size < 0) __testlib_fail("random_t::distinct expected size >= 0");
    if (size == 0) return std::vector<T>();
    if (upper <= 0) __testlib_fail("random_t::distinct expected upper > 0");
    if (size > upper) __testlib_fail("random_t::distinct expected size <= upper");
    return distinct(size, T(0), upper - 1);
  }

  /** `size` numbers, each at least minPart, adding up to sum, in random order. */
  template <typename T>
  std::vector<T> partition(int size, T sum, T minPart) {
    if (size < 0) __testlib_fail("random_t::partition: size < 0");
    if (size == 0 && sum != 0) __testlib_fail("random_t::partition: size == 0 && sum != 0");
    if (minPart * size > sum) __testlib_fail("random_t::partition: min_part * size > sum");
    if (size == 0 && sum == 0) return std::vector<T>();
    // Stars and bars: size-1 distinct cut points among sum' + size - 1 places.
    T rest = sum - minPart * size;
    std::vector<T> cuts(size);
    std::vector<T> d = distinct(size - 1, T(1), T(rest + size - 1));
    for (int i = 0; i + 1 < size; i++) cuts[i + 1] = d[i];
    std::sort(cuts.begin(), cuts.end());
    std::vector<T> result(size);
    for (int i = 0; i + 1 < size; i++) result[i] = cuts[i + 1] - cuts[i] - 1;
    result[size - 1] = rest + size - 1 - cuts.back();
    for (size_t i = 0; i < result.size(); i++) result[i] += minPart;
    return result;
  }
  template <typename T>
  std::vector<T> partition(int size, T sum) {
    return partition(size, sum, T(1));
  }

 private:
  unsigned long long seed_;

  long long nextBits(int bits) {
    using namespace testlib_internal;
    if (bits <= 48) {
      seed_ = (seed_ * kMultiplier + kAddend) & kMask;
      return (long long)(seed_ >> (48 - bits));
    }
    if (bits > 63) __testlib_fail("random_t::nextBits(int bits): n must be less than 64");
    long long high = nextBits(31) << 32;
    long long low = nextBits(version == 0 ? 31 : 32);
    return high ^ low;
  }

  double powerLaw(int type) {
    if (type > 0) return std::pow(next() + 0.0, 1.0 / (type + 1));
    return 1 - std::pow(next() + 0.0, 1.0 / (-type + 1));
  }
};

int random_t::version = -1;

inline std::string pattern::next(random_t &rnd) const {
  if (to_ == INT_MAX) __testlib_fail("pattern::next(random_t& rnd): can't process character '*' for generation");
  std::string result;
  if (to_ > 0) {
    int count = rnd.next(to_ - from_ + 1) + from_;
    for (int i = 0; i < count; i++) result += chars_[size_t(rnd.next(int(chars_.size())))];
  }
  if (!children_.empty()) result += children_[size_t(rnd.next(int(children_.size())))].next(rnd);
  return result;
}

// =================================================================================================
// 7. Input sources. Files and strings are read into memory; stdin is read one byte at a time as
//    needed, because an interactor must never wait for bytes the solution has not sent yet.
//    Bytes are returned as 0..255 and the end as kEof, so a 0xFF byte is not mistaken for it.
// =================================================================================================

namespace testlib_internal {

class Source {
 public:
  explicit Source(const std::string &content) : data_(content), pos_(0), file_(NULL), line_(1), trace_(NULL) {}
  explicit Source(std::FILE *file) : pos_(0), file_(file), line_(1), trace_(NULL) {}
  ~Source() { delete trace_; }

  int peek() {
    if (pos_ == data_.size() && !pull()) return kEof;
    return (unsigned char)data_[pos_];
  }
  int get() {
    int c = peek();
    if (c == kEof) return c;  // the end stays where it is: reading it again gives the end again
    pos_++;
    if (c == '\n') line_++;
    if (trace_) trace_->push_back(c);
    return c;
  }
  /** Puts c back in front (it may differ from what was read; testlib allows that). */
  void unget(int c) {
    if (c == kEof) return;
    if (pos_ == 0)
      data_.insert(data_.begin(), char(c));
    else
      data_[--pos_] = char(c);
    if (c == '\n') line_--;
    if (trace_ && !trace_->empty()) trace_->pop_back();
  }
  int line() const { return line_; }
  /** Keeps every byte consumed (and test case marks): validators' --testMarkupFileName. */
  void startTrace() {
    if (!trace_) trace_ = new std::vector<int>();
  }
  std::vector<int> *trace() { return trace_; }
  std::FILE *file() const { return file_; }

 private:
  bool pull() {
    if (!file_) return false;
    if (pos_ > (1 << 16)) data_.clear(), pos_ = 0;  // nothing before pos_ is needed any more
    int c = std::getc(file_);
    if (c == EOF) return false;
    data_.push_back(char(c));
    return true;
  }

  Source(const Source &);
  Source &operator=(const Source &);

  std::string data_;
  size_t pos_;
  std::FILE *file_;  // lazily read (stdin); NULL when everything is in data_
  int line_;
  std::vector<int> *trace_;
};

/** The whole of a regular file, then closes it. */
inline std::string readAll(std::FILE *file) {
  std::string content;
  char buffer[1 << 16];
  size_t n;
  while ((n = std::fread(buffer, 1, sizeof buffer, file)) > 0) content.append(buffer, n);
  std::fclose(file);
  return content;
}

}  // namespace testlib_internal

// =================================================================================================
// 8. InStream: inf (test input), ouf (participant's output, or the solution's stdout in an
//    interactor), ans (jury's answer). A failed read quits with a verdict: presentation error on
//    ouf, FAIL on inf and ans (their name is appended), since a broken input or answer is the
//    jury's fault. In strict mode (validators) every space and line break must be read explicitly.
// =================================================================================================

struct InStream {
  InStream();
  /** A stream over a string, with the policies (mode, strictness) of baseStream. */
  InStream(const InStream &baseStream, std::string content);
  ~InStream();

  testlib_internal::Source *reader;
  int lastLine;  // line of the last token read, for validators' messages
  std::string name;
  TMode mode;
  bool opened;
  bool stdfile;
  bool strict;
  int wordReserveSize;
  std::string _tmpReadToken;
  int readManyIteration;  // index of the element readInts() etc. is reading, or NO_INDEX
  size_t maxFileSize;
  size_t maxTokenLength;
  size_t maxMessageLength;

  static const int NO_INDEX = INT_MAX;
  static const char OPEN_BRACKET = char(11);  // marks the "(...)" part of a message being built
  static const char CLOSE_BRACKET = char(17);

  void init(std::string fileName, TMode mode);
  void init(std::FILE *f, TMode mode);
  void reset(std::FILE *file = NULL);
  void close();
  void skipBom();

  void setTestCase(int testCase);
  std::vector<int> getReadChars();

  // Characters. At the end of input the characters read are char(EOFC).
  void skipBlanks();
  char curChar();
  void skipChar();
  char nextChar();
  char readChar();
  char readChar(char c);
  char readSpace();
  void unreadChar(char c);

  bool eof();
  bool seekEof();
  bool eoln();
  bool seekEoln();
  void nextLine();
  void readEoln();
  void readEof();

  // Tokens (maximal runs of non-blank characters).
  std::string readWord();
  std::string readToken();
  std::string readWord(const std::string &ptrn, const std::string &variableName = "");
  std::string readWord(const pattern &p, const std::string &variableName = "");
  std::string readToken(const std::string &ptrn, const std::string &variableName = "");
  std::string readToken(const pattern &p, const std::string &variableName = "");
  std::vector<std::string> readWords(int size, const std::string &ptrn, const std::string &variablesName = "",
                                     int indexBase = 1);
  std::vector<std::string> readWords(int size, const pattern &p, const std::string &variablesName = "",
                                     int indexBase = 1);
  std::vector<std::string> readWords(int size, int indexBase = 1);
  std::vector<std::string> readTokens(int size, const std::string &ptrn, const std::string &variablesName = "",
                                      int indexBase = 1);
  std::vector<std::string> readTokens(int size, const pattern &p, const std::string &variablesName = "",
                                      int indexBase = 1);
  std::vector<std::string> readTokens(int size, int indexBase = 1);
  void readWordTo(std::string &result);
  void readWordTo(std::string &result, const pattern &p, const std::string &variableName = "");
  void readWordTo(std::string &result, const std::string &ptrn, const std::string &variableName = "");
  void readTokenTo(std::string &result);
  void readTokenTo(std::string &result, const pattern &p, const std::string &variableName = "");
  void readTokenTo(std::string &result, const std::string &ptrn, const std::string &variableName = "");

  // Integers: decimal, no '+', no leading zeroes, no "-0".
  long long readLong();
  unsigned long long readUnsignedLong();
  int readInteger();
  int readInt();
  long long readLong(long long minv, long long maxv, const std::string &variableName = "");
  std::vector<long long> readLongs(int size, long long minv, long long maxv, const std::string &variablesName = "",
                                   int indexBase = 1);
  std::vector<long long> readLongs(int size, int indexBase = 1);
  unsigned long long readUnsignedLong(unsigned long long minv, unsigned long long maxv,
                                      const std::string &variableName = "");
  std::vector<unsigned long long> readUnsignedLongs(int size, unsigned long long minv, unsigned long long maxv,
                                                    const std::string &variablesName = "", int indexBase = 1);
  std::vector<unsigned long long> readUnsignedLongs(int size, int indexBase = 1);
  unsigned long long readLong(unsigned long long minv, unsigned long long maxv, const std::string &variableName = "");
  std::vector<unsigned long long> readLongs(int size, unsigned long long minv, unsigned long long maxv,
                                            const std::string &variablesName = "", int indexBase = 1);
  int readInteger(int minv, int maxv, const std::string &variableName = "");
  int readInt(int minv, int maxv, const std::string &variableName = "");
  std::vector<int> readIntegers(int size, int minv, int maxv, const std::string &variablesName = "",
                                int indexBase = 1);
  std::vector<int> readIntegers(int size, int indexBase = 1);
  std::vector<int> readInts(int size, int minv, int maxv, const std::string &variablesName = "", int indexBase = 1);
  std::vector<int> readInts(int size, int indexBase = 1);

  // Reals: any strtod-style decimal; the strict forms want [-]digits[.digits] with a bounded
  // number of digits after the point (validators).
  double readReal();
  double readDouble();
  double readReal(double minv, double maxv, const std::string &variableName = "");
  std::vector<double> readReals(int size, double minv, double maxv, const std::string &variablesName = "",
                                int indexBase = 1);
  std::vector<double> readReals(int size, int indexBase = 1);
  double readDouble(double minv, double maxv, const std::string &variableName = "");
  std::vector<double> readDoubles(int size, double minv, double maxv, const std::string &variablesName = "",
                                  int indexBase = 1);
  std::vector<double> readDoubles(int size, int indexBase = 1);
  double readStrictReal(double minv, double maxv, int minAfterPointDigitCount, int maxAfterPointDigitCount,
                        const std::string &variableName = "");
  std::vector<double> readStrictReals(int size, double minv, double maxv, int minAfterPointDigitCount,
                                      int maxAfterPointDigitCount, const std::string &variablesName = "",
                                      int indexBase = 1);
  double readStrictDouble(double minv, double maxv, int minAfterPointDigitCount, int maxAfterPointDigitCount,
                          const std::string &variableName = "");
  std::vector<double> readStrictDoubles(int size, double minv, double maxv, int minAfterPointDigitCount,
                                        int maxAfterPointDigitCount, const std::string &variablesName = "",
                                        int indexBase = 1);

  // Lines: up to the line break (LF or CRLF) or the end, which is consumed.
  std::string readString();
  std::vector<std::string> readStrings(int size, int indexBase = 1);
  void readStringTo(std::string &result);
  std::string readString(const pattern &p, const std::string &variableName = "");
  std::string readString(const std::string &ptrn, const std::string &variableName = "");
  std::vector<std::string> readStrings(int size, const pattern &p, const std::string &variableName = "",
                                       int indexBase = 1);
  std::vector<std::string> readStrings(int size, const std::string &ptrn, const std::string &variableName = "",
                                       int indexBase = 1);
  void readStringTo(std::string &result, const pattern &p, const std::string &variableName = "");
  void readStringTo(std::string &result, const std::string &ptrn, const std::string &variableName = "");
  std::string readLine();
  std::vector<std::string> readLines(int size, int indexBase = 1);
  void readLineTo(std::string &result);
  std::string readLine(const pattern &p, const std::string &variableName = "");
  std::string readLine(const std::string &ptrn, const std::string &variableName = "");
  std::vector<std::string> readLines(int size, const pattern &p, const std::string &variableName = "",
                                     int indexBase = 1);
  std::vector<std::string> readLines(int size, const std::string &ptrn, const std::string &variableName = "",
                                     int indexBase = 1);
  void readLineTo(std::string &result, const pattern &p, const std::string &variableName = "");
  void readLineTo(std::string &result, const std::string &ptrn, const std::string &variableName = "");

  // Quitting on behalf of this stream: on inf and ans any verdict becomes FAIL.
  NORETURN void quit(TResult result, const char *msg);
  NORETURN void quit(TResult result, const std::string &msg) { quit(result, msg.c_str()); }
  NORETURN void quitf(TResult result, const char *msg, ...) TESTLIB_PRINTF(3, 4);
  void quitif(bool condition, TResult result, const char *msg, ...) TESTLIB_PRINTF(4, 5);
  NORETURN void quits(TResult result, std::string msg);
  /** Wrong answer (FAIL on inf/ans) with the message unless cond holds. */
  void ensuref(bool cond, const char *format, ...) TESTLIB_PRINTF(3, 4);
  void __testlib_ensure(bool cond, std::string message);

  static void xmlSafeWrite(std::FILE *file, const char *msg);

 private:
  InStream(const InStream &);
  InStream &operator=(const InStream &);

  testlib_internal::Source &source();
  int currentLine();
  void requireMatch(const std::string &value, const pattern &p, const std::string &variableName, bool isLine,
                    bool useIndex);
  template <typename T, typename ReadOne>
  std::vector<T> readMany(const char *function, int size, int indexBase, bool spaceSeparated, ReadOne readOne);
  template <typename T>
  void checkRange(const char *kind, T value, T minv, T maxv, const std::string &variableName,
                  const std::string &shownMin, const std::string &shownMax);
  void noteVariable(const std::string &variableName);
};

const int InStream::NO_INDEX;
const char InStream::OPEN_BRACKET;
const char InStream::CLOSE_BRACKET;

// =================================================================================================
// 9. Global state
// =================================================================================================

InStream inf;
InStream ouf;
InStream ans;
std::fstream tout;  // interactor: the file the checker reads afterwards as the output
random_t rnd;
TTestlibMode testlibMode = _unknown;
bool appesMode;
std::string appesModeEncoding = "windows-1251";
std::string resultName;
std::string checkerName = "untitled checker";
double __testlib_points = std::numeric_limits<float>::infinity();
int __testlib_exitCode;
bool __testlib_hasTestCase;
int __testlib_testCase = -1;
std::string __testlib_testset;
std::string __testlib_group;

const int __TESTLIB_MAX_TEST_CASE = 1073741823;
const size_t VALIDATOR_MAX_VARIABLE_COUNT = 255;

inline std::string getTestset() { return __testlib_testset; }
inline std::string getGroup() { return __testlib_group; }
inline void __testlib_ensuresPreconditions() {}
inline void __testlib_set_binary(std::FILE *) {}  // only matters on Windows, where no judge of ours runs

/** testset/group a checker was started with (--testset, --group). */
class Checker {
 public:
  Checker() : initialized_(false), testset_("tests") {}
  void initialize() { initialized_ = true; }
  std::string testset() const {
    if (!initialized_)
      __testlib_fail(
          "Checker should be initialized with registerTestlibCmd(argc, argv) instead of registerTestlibCmd() to "
          "support checker.testset()");
    return testset_;
  }
  std::string group() const {
    if (!initialized_)
      __testlib_fail(
          "Checker should be initialized with registerTestlibCmd(argc, argv) instead of registerTestlibCmd() to "
          "support checker.group()");
    return group_;
  }
  void setTestset(const char *const testset) { testset_ = testset; }
  void setGroup(const char *const group) { group_ = group; }

 private:
  bool initialized_;
  std::string testset_;
  std::string group_;
} checker;

/**
 * Validator state: testset and group, and the "test overview" Polygon asks for: which range
 * bounds the test reached (~n skips the lower bound, n~ the upper), which features it has, the
 * constant bounds and names of the variables read. Written only when the input is valid.
 */
class Validator {
 public:
  Validator() : initialized_(false), testset_("tests"), testCase_(-1) {}

  void initialize() { initialized_ = true; }
  std::string testset() const {
    if (!initialized_)
      __testlib_fail(
          "Validator should be initialized with registerValidation(argc, argv) instead of registerValidation() to "
          "support validator.testset()");
    return testset_;
  }
  std::string group() const {
    if (!initialized_)
      __testlib_fail(
          "Validator should be initialized with registerValidation(argc, argv) instead of registerValidation() to "
          "support validator.group()");
    return group_;
  }
  std::string testOverviewLogFileName() const { return testOverviewLogFileName_; }
  std::string testMarkupFileName() const { return testMarkupFileName_; }
  int testCase() const { return testCase_; }
  std::string testCaseFileName() const { return testCaseFileName_; }
  void setTestset(const char *const testset) { testset_ = testset; }
  void setGroup(const char *const group) { group_ = group; }
  void setTestOverviewLogFileName(const char *const name) { testOverviewLogFileName_ = name; }
  void setTestMarkupFileName(const char *const name) { testMarkupFileName_ = name; }
  void setTestCase(int testCase) { testCase_ = testCase; }
  void setTestCaseFileName(const char *const name) { testCaseFileName_ = name; }

  void addBoundsHit(const std::string &variableName, bool minHit, bool maxHit) {
    if (!analyzable(variableName) || boundsHits_.size() >= VALIDATOR_MAX_VARIABLE_COUNT) return;
    std::pair<bool, bool> &hit = boundsHits_[plainName(variableName)];
    hit.first = hit.first || minHit || ignoresMin(variableName);
    hit.second = hit.second || maxHit || ignoresMax(variableName);
  }
  void addVariable(const std::string &variableName) {
    if (analyzable(variableName) && variables_.size() < VALIDATOR_MAX_VARIABLE_COUNT)
      variables_.insert(plainName(variableName));
  }
  /** Remembers the bounds a variable is read with; they count only if always the same. */
  template <typename T>
  void adjustConstantBounds(const std::string &variableName, T lower, T upper) {
    if (!analyzable(variableName) || constantBounds_.size() >= VALIDATOR_MAX_VARIABLE_COUNT) return;
    std::pair<Bound, Bound> &bounds = constantBounds_[plainName(variableName)];
    bounds.first.adjust(std::to_string(lower));
    bounds.second.adjust(std::to_string(upper));
  }
  void addFeature(const std::string &feature) {
    if (features_.count(feature)) __testlib_fail("Feature " + feature + " registered twice.");
    checkFeatureName(feature);
    features_.insert(feature);
  }
  void feature(const std::string &feature) {
    checkFeatureName(feature);
    if (!features_.count(feature)) __testlib_fail("Feature " + feature + " didn't registered via addFeature(feature).");
    hitFeatures_.insert(feature);
  }

  void writeTestOverviewLog();
  void writeTestMarkup();
  void writeTestCase();

 private:
  struct Bound {
    Bound() : broken(false) {}
    std::string value;
    bool broken;
    void adjust(const std::string &text) {
      if (text.length() >= 32 || (!value.empty() && value != text)) {
        broken = true;
        value.clear();
      } else if (!broken) {
        value = text;
      }
    }
    std::string shown() const { return value.empty() || broken ? "?" : value; }
    bool known() const { return !value.empty() && !broken; }
  };

  static bool analyzable(const std::string &name) {
    for (size_t i = 0; i < name.length(); i++)
      if ((name[i] >= '0' && name[i] <= '9') || name[i] < ' ') return false;
    return true;
  }
  static bool tilded(const std::string &name) { return name.length() >= 2 && name != "~~"; }
  static bool ignoresMin(const std::string &name) { return tilded(name) && name[0] == '~'; }
  static bool ignoresMax(const std::string &name) { return tilded(name) && name[name.length() - 1] == '~'; }
  static std::string plainName(const std::string &name) {
    size_t begin = ignoresMin(name) ? 1 : 0, end = name.length() - (ignoresMax(name) ? 1 : 0);
    return name.substr(begin, end - begin);
  }
  static void checkFeatureName(const std::string &feature) {
    for (size_t i = 0; i < feature.length(); i++)
      if (feature[i] < ' ') __testlib_fail("Feature name '" + feature + "' contains restricted characters.");
  }

  bool initialized_;
  std::string testset_, group_;
  std::string testOverviewLogFileName_, testMarkupFileName_, testCaseFileName_;
  int testCase_;
  std::map<std::string, std::pair<bool, bool> > boundsHits_;
  std::map<std::string, std::pair<Bound, Bound> > constantBounds_;
  std::set<std::string> features_, hitFeatures_, variables_;
} validator;

inline void addFeature(const std::string &feature) {
  if (testlibMode != _validator) quit(_fail, "Features are supported in validators only.");
  validator.addFeature(feature);
}
inline void feature(const std::string &feature) {
  if (testlibMode != _validator) quit(_fail, "Features are supported in validators only.");
  validator.feature(feature);
}

/** Checks at exit that the program ended the way its kind must (see section 15). */
struct TestlibFinalizeGuard {
  static bool alive;
  static bool registered;
  int quitCount, readEofCount;
  TestlibFinalizeGuard() : quitCount(0), readEofCount(0) {}
  ~TestlibFinalizeGuard();
};
bool TestlibFinalizeGuard::alive = true;
bool TestlibFinalizeGuard::registered = false;
extern TestlibFinalizeGuard testlibFinalizeGuard;

/** Turns the exit checks off (testlib's own tests use it). */
inline void disableFinalizeGuard() { TestlibFinalizeGuard::alive = false; }

namespace testlib_internal {
inline bool &finalizing() {
  static bool value = false;
  return value;
}
// Exit work that only some programs need, hooked in by them (registerValidation, has_opt) so
// that a checker, which never needs it, does not compile it: checkers are compiled per problem.
void (*onValidExit)() = NULL;
void (*onExitCheckOpts)() = NULL;
}  // namespace testlib_internal

/** Marks the following messages as being about test case testCase (multi-test inputs). */
inline void setTestCase(int testCase) {
  static bool firstCall = true, zeroBased = false;
  if (firstCall && testCase == 0) zeroBased = true;
  if (zeroBased) testCase++;
  __testlib_hasTestCase = true;
  __testlib_testCase = testCase;
  if (testlibMode == _validator) inf.setTestCase(testCase);
  firstCall = false;
}

inline void unsetTestCase() {
  __testlib_hasTestCase = false;
  __testlib_testCase = -1;
}

// =================================================================================================
// 10. Quitting: the verdict is the exit code, the message goes to stderr as "<verdict> <text>".
// =================================================================================================

#ifdef TESTLIB_THROW_EXIT_EXCEPTION_INSTEAD_OF_EXIT
class exit_exception : public std::exception {
 public:
  explicit exit_exception(int exitCode) : exitCode_(exitCode) {}
  int getExitCode() { return exitCode_; }

 private:
  int exitCode_;
};
#endif

inline int resultExitCode(TResult r) {
  if (r == _ok) return OK_EXIT_CODE;
  if (r == _wa) return WA_EXIT_CODE;
  if (r == _pe) return PE_EXIT_CODE;
  if (r == _fail) return FAIL_EXIT_CODE;
  if (r == _dirt) return DIRT_EXIT_CODE;
  if (r == _points) return POINTS_EXIT_CODE;
#ifdef ENABLE_UNEXPECTED_EOF
  if (r == _unexpected_eof) return UNEXPECTED_EOF_EXIT_CODE;
#else
  if (r == _unexpected_eof) return PE_EXIT_CODE;
#endif
  if (r >= _partially) return PC_BASE_EXIT_CODE + (r - _partially);
  return FAIL_EXIT_CODE;
}

NORETURN inline void halt(int exitCode) {
  __testlib_exitCode = exitCode;
#ifdef TESTLIB_THROW_EXIT_EXCEPTION_INSTEAD_OF_EXIT
  throw exit_exception(exitCode);
#else
  if (testlib_internal::finalizing()) {
    // Already inside exit() (a check at exit failed): exit() must not run twice.
    std::cout.flush();
    std::fflush(NULL);
    std::_Exit(exitCode);
  }
  std::exit(exitCode);
#endif
}

namespace testlib_internal {

/** Position of the only occurrence of c, or npos when there is none or several. */
inline size_t onlyPosition(const std::string &s, char c) {
  size_t first = s.find(c);
  if (first == std::string::npos || s.find(c, first + 1) != std::string::npos) return std::string::npos;
  return first;
}

/**
 * Adds extra to the bracketed tail of a message: "text" -> "text (extra)", "text (a)" ->
 * "text (a, extra)", once. The brackets are control characters until the message is printed.
 */
inline std::string appendMessage(const std::string &message, const std::string &extra) {
  size_t open = onlyPosition(message, InStream::OPEN_BRACKET), close = onlyPosition(message, InStream::CLOSE_BRACKET);
  if (open != std::string::npos && close != std::string::npos && open < close) {
    size_t found = message.find(extra, open);
    if (found != std::string::npos && found < close) return message;
    std::string result(message);
    result.insert(close, ", " + extra);
    return result;
  }
  return message + " " + InStream::OPEN_BRACKET + extra + InStream::CLOSE_BRACKET;
}

inline std::string printable(const std::string &message) {
  size_t open = onlyPosition(message, InStream::OPEN_BRACKET), close = onlyPosition(message, InStream::CLOSE_BRACKET);
  if (open == std::string::npos || close == std::string::npos || open > close) return message;
  std::string result(message);
  result[open] = '(';
  result[close] = ')';
  return result;
}

inline const char *outcomeName(TResult result) {
  switch (result) {
    case _ok: return "accepted";
    case _wa: return "wrong-answer";
    case _pe: return "presentation-error";
    case _fail:
    case _dirt: return "fail";
#ifdef PCMS2
    case _points: return "relative-scoring";
#else
    case _points: return "points";
#endif
    case _unexpected_eof: return "unexpected-eof";
    default: return result >= _partially ? "partially-correct" : "reserved";
  }
}

/** Colours only for a person at a terminal; judges read plain text. */
inline void printVerdict(const char *colour, const std::string &text) {
#if !defined(_WIN32)
  if (isatty(2)) {
    std::fprintf(stderr, "\033[%sm%s\033[0m", colour, text.c_str());
    return;
  }
#else
  (void)colour;
#endif
  std::fputs(text.c_str(), stderr);
}

}  // namespace testlib_internal

inline void InStream::quit(TResult result, const char *msg) {
  using namespace testlib_internal;
  if (TestlibFinalizeGuard::alive) testlibFinalizeGuard.quitCount++;

  std::string message = trim(msg);
  if (__testlib_hasTestCase) {
    if (result != _ok && result != _points)
      message = appendMessage(message, "test case " + vtos(__testlib_testCase));
    else
      message = appendMessage(message, vtos(__testlib_testCase) + (__testlib_testCase == 1 ? " test case" : " test cases"));
  }
  if (message.length() > maxMessageLength) {
    std::string warning = "message length exceeds " + vtos(maxMessageLength) + ", the message is truncated: ";
    message = warning + message.substr(0, maxMessageLength - warning.length());
  }
#ifndef ENABLE_UNEXPECTED_EOF
  if (result == _unexpected_eof) result = _pe;
#endif

  // Bad input or answer is the jury's problem, whatever the checker meant to say.
  if (mode != _output && result != _fail) {
    if (mode == _input && testlibMode == _validator && lastLine != -1)
      quits(_fail, appendMessage(appendMessage(message, name), "line " + vtos(lastLine)));
    quits(_fail, appendMessage(message, name));
  }

  // An accepted (or scored) output must not continue after what the checker read.
  bool accepting = result == _ok || result == _points || result >= _partially;
  if (accepting && testlibMode != _interactor && !ouf.seekEof()) quit(_dirt, "Extra information in the output file");

  std::string label;
  const char *colour = "1;31";
  switch (result) {
    case _ok: label = "ok ", colour = "1;32"; break;
    case _wa: label = "wrong answer "; break;
    case _pe: label = "wrong output format "; break;
    case _fail: label = "FAIL "; break;
    case _dirt: label = "wrong output format ", colour = "1;36", result = _pe; break;
    case _points: label = "points ", colour = "1;33"; break;
    case _unexpected_eof: label = "unexpected eof ", colour = "1;36"; break;
    default:
      if (result < _partially) quit(_fail, "What is the code ??? ");
      label = testlib_format_("partially correct (%d) ", int(result - _partially)), colour = "1;33";
  }

  if (!resultName.empty()) {
    std::FILE *file = std::fopen(resultName.c_str(), "w");
    if (!file) {
      resultName = "";
      quit(_fail, "Can not write to the result file");
    }
    if (appesMode) {
      std::fprintf(file, "<?xml version=\"1.0\" encoding=\"%s\"?>", appesModeEncoding.c_str());
      if (result >= _partially) {
        std::fprintf(file, "<result outcome = \"%s\" pctype = \"%d\">", outcomeName(result), int(result - _partially));
      } else if (result != _points) {
        std::fprintf(file, "<result outcome = \"%s\">", outcomeName(result));
      } else {
        if (__testlib_points == std::numeric_limits<float>::infinity()) quit(_fail, "Expected points, but infinity found");
        std::string points = removeDoubleTrailingZeroes(testlib_format_("%.10f", __testlib_points));
        std::fprintf(file, "<result outcome = \"%s\" points = \"%s\">", outcomeName(result), points.c_str());
      }
      xmlSafeWrite(file, printable(message).c_str());
      std::fprintf(file, "</result>\n");
    } else {
      std::fprintf(file, "%s", printable(message).c_str());
    }
    if (std::fclose(file) != 0) {
      resultName = "";
      quit(_fail, "Can not write to the result file");
    }
  } else {
    printVerdict(colour, label);
    std::fputs(printable(message).c_str(), stderr);
  }
  std::fprintf(stderr, "\n");

  inf.close();
  ouf.close();
  ans.close();
  if (tout.is_open()) tout.close();
  if (!resultName.empty()) std::fprintf(stderr, "See file to check exit message\n");
  halt(resultExitCode(result));
}

inline void InStream::quitf(TResult result, const char *msg, ...) {
  va_list args;
  va_start(args, msg);
  std::string message = testlib_internal::vformat(msg, args);
  va_end(args);
  quit(result, message.c_str());
}

inline void InStream::quitif(bool condition, TResult result, const char *msg, ...) {
  if (!condition) return;
  va_list args;
  va_start(args, msg);
  std::string message = testlib_internal::vformat(msg, args);
  va_end(args);
  quit(result, message.c_str());
}

inline void InStream::quits(TResult result, std::string msg) { quit(result, msg.c_str()); }

inline void InStream::ensuref(bool cond, const char *format, ...) {
  if (cond) return;
  va_list args;
  va_start(args, format);
  std::string message = testlib_internal::vformat(format, args);
  va_end(args);
  __testlib_ensure(cond, message);
}

inline void InStream::__testlib_ensure(bool cond, std::string message) {
  if (!cond) quit(_wa, message.c_str());
}

inline void InStream::xmlSafeWrite(std::FILE *file, const char *msg) {
  for (const char *c = msg; *c; c++) {
    switch (*c) {
      case '&': std::fputs("&amp;", file); break;
      case '<': std::fputs("&lt;", file); break;
      case '>': std::fputs("&gt;", file); break;
      case '"': std::fputs("&quot;", file); break;
      default: std::fputc(0 <= *c && *c <= 31 ? '.' : *c, file);
    }
  }
}

// Global quitting goes through ouf: its verdict is about the participant's output.
inline void quit(TResult result, const std::string &message) { ouf.quit(result, message.c_str()); }
inline void quit(TResult result, const char *message) { ouf.quit(result, message); }

NORETURN inline void quitf(TResult result, const char *format, ...) TESTLIB_PRINTF(2, 3);
inline void quitf(TResult result, const char *format, ...) {
  va_list args;
  va_start(args, format);
  std::string message = testlib_internal::vformat(format, args);
  va_end(args);
  quit(result, message);
}

inline void quitif(bool condition, TResult result, const char *format, ...) TESTLIB_PRINTF(3, 4);
inline void quitif(bool condition, TResult result, const char *format, ...) {
  if (!condition) return;
  va_list args;
  va_start(args, format);
  std::string message = testlib_internal::vformat(format, args);
  va_end(args);
  quit(result, message);
}

inline void __testlib_fail(const std::string &message) { quitf(_fail, "%s", message.c_str()); }

/** Points must be a number in [0, 1e6]; anything else is the checker's bug. */
inline double __testlib_preparePoints(double points) {
  if (__testlib_isNaN(points)) quit(_fail, "Parameter 'points' can't be nan");
  if (__testlib_isInfinite(points)) quit(_fail, "Parameter 'points' can't be infinite");
  if (points < -1E-8) quit(_fail, "Parameter 'points' can't be negative");
  if (points <= 0.0) points = +0.0;
  if (points > 1E6 + 1E-8) quit(_fail, "Parameter 'points' can't be greater than 1E6");
  if (points >= 1E6) points = 1E6;
  return points;
}

namespace testlib_internal {
NORETURN inline void quitWithPoints(const std::string &shownPoints, const char *message) {
  quit(_points, message == NULL || *message == 0 ? shownPoints : shownPoints + " " + message);
}
}  // namespace testlib_internal

/** Exit code 7, message "points <value> <text>": the value is the score the judge reads. */
NORETURN inline void __testlib_quitp(double points, const char *message) {
  __testlib_points = __testlib_preparePoints(points);
  testlib_internal::quitWithPoints(removeDoubleTrailingZeroes(testlib_format_("%.10f", __testlib_points)), message);
}
NORETURN inline void __testlib_quitp(int points, const char *message) {
  __testlib_points = __testlib_preparePoints(points);
  testlib_internal::quitWithPoints(testlib_format_("%d", points), message);
}

NORETURN inline void quitp(float points, const std::string &message = "") {
  __testlib_quitp(double(points), message.c_str());
}
NORETURN inline void quitp(double points, const std::string &message = "") { __testlib_quitp(points, message.c_str()); }
NORETURN inline void quitp(long double points, const std::string &message = "") {
  __testlib_quitp(double(points), message.c_str());
}
NORETURN inline void quitp(int points, const std::string &message = "") { __testlib_quitp(points, message.c_str()); }

template <typename F>
NORETURN void quitp(F points, const char *format, ...) TESTLIB_PRINTF(2, 3);
template <typename F>
void quitp(F points, const char *format, ...) {
  va_list args;
  va_start(args, format);
  std::string message = testlib_internal::vformat(format, args);
  va_end(args);
  quitp(points, message);
}

/** Exit code 7 with "points_info=<info> <text>": free-form scoring data for Polygon. */
NORETURN inline void quitpi(const std::string &pointsInfo, const std::string &message = "") {
  if (pointsInfo.find(' ') != std::string::npos) quit(_fail, "Parameter 'points_info' can't contain spaces");
  quit(_points, "points_info=" + pointsInfo + (message.empty() ? "" : " " + message));
}

namespace testlib_internal {
template <typename T>
std::string expectedText(const T &value) {
  return vtos(value);
}
inline std::string expectedText(const std::string &value) { return value; }
inline std::string expectedText(const char *value) { return value; }
inline std::string expectedText(double value) { return removeDoubleTrailingZeroes(testlib_format_("%.12f", value)); }
inline std::string expectedText(float value) { return expectedText(double(value)); }
inline std::string expectedText(long double value) { return expectedText(double(value)); }
}  // namespace testlib_internal

namespace testlib_internal {
NORETURN inline void quitExpectedButFound(TResult result, const std::string &expected, const std::string &found,
                                          const std::string &prepend) {
  std::string text = "expected '" + compress(expected) + "', but found '" + compress(found) + "'";
  quit(result, prepend.empty() ? text : compress(prepend) + ": " + text);
}
}  // namespace testlib_internal

/** quit(result, "[prefix: ]expected 'X', but found 'Y'"); doubles printed with 12 decimals. */
template <typename T>
NORETURN void expectedButFound(TResult result, T expected, T found) {
  using testlib_internal::expectedText;
  testlib_internal::quitExpectedButFound(result, expectedText(expected), expectedText(found), "");
}
// A separate overload rather than a default "" format, which -Wall reports as zero-length.
template <typename T>
NORETURN void expectedButFound(TResult result, T expected, T found, const char *prependFormat, ...)
    TESTLIB_PRINTF(4, 5);
template <typename T>
void expectedButFound(TResult result, T expected, T found, const char *prependFormat, ...) {
  va_list args;
  va_start(args, prependFormat);
  std::string prepend = testlib_internal::vformat(prependFormat, args);
  va_end(args);
  using testlib_internal::expectedText;
  testlib_internal::quitExpectedButFound(result, expectedText(expected), expectedText(found), prepend);
}

inline void __testlib_ensure(bool cond, const std::string &message) {
  if (!cond) quit(_fail, message.c_str());
}
inline void __testlib_ensure(bool cond, const char *message) {
  if (!cond) quit(_fail, message);
}

// A macro so that both ensure(x) and inf.ensure(x) work (the latter calls the member).
#define ensure(cond) __testlib_ensure((cond), "Condition failed: \"" #cond "\"")
#define STRINGIZE_DETAIL(x) (#x)
#define STRINGIZE(x) STRINGIZE_DETAIL((x))
#define ensure_ext(cond) __testlib_ensure((cond), "Line " STRINGIZE(__LINE__) ": Condition failed: \"" #cond "\"")

inline void ensuref(bool cond, const char *format, ...) TESTLIB_PRINTF(2, 3);
inline void ensuref(bool cond, const char *format, ...) {
  if (cond) return;
  va_list args;
  va_start(args, format);
  std::string message = testlib_internal::vformat(format, args);
  va_end(args);
  __testlib_ensure(cond, message);
}

inline void setName(const char *format, ...) TESTLIB_PRINTF(1, 2);
inline void setName(const char *format, ...) {
  va_list args;
  va_start(args, format);
  checkerName = testlib_internal::vformat(format, args);
  va_end(args);
}

// =================================================================================================
// 11. Reading
// =================================================================================================

// --- Conversions of a token, shared by the readers and public like in testlib ------------------

/** A signed 64-bit decimal: optional '-', digits, no leading zero, no "-0". */
inline long long stringToLongLong(InStream &in, const char *buffer) {
  std::string token(buffer);
  std::string bad = "Expected integer, but \"" + __testlib_part(token) + "\" found";
  size_t length = token.length();
  if (length == 0 || length > 20) in.quit(_pe, bad.c_str());
  bool negative = length > 1 && token[0] == '-';
  size_t start = negative ? 1 : 0;
  unsigned long long magnitude = 0;
  bool overflow = false;
  for (size_t i = start; i < length; i++) {
    if (token[i] < '0' || token[i] > '9') in.quit(_pe, bad.c_str());
    unsigned digit = unsigned(token[i] - '0');
    if (magnitude > (ULLONG_MAX - digit) / 10) overflow = true;
    magnitude = magnitude * 10 + digit;
  }
  unsigned long long limit = negative ? 9223372036854775808ULL : 9223372036854775807ULL;
  if (overflow || magnitude > limit) in.quit(_pe, bad.c_str());
  if (token[start] == '0' && (length - start > 1 || negative)) in.quit(_pe, bad.c_str());  // 012, -0
  return negative ? (long long)(0ULL - magnitude) : (long long)magnitude;
}
inline long long stringToLongLong(InStream &in, const std::string &buffer) {
  if (buffer.find('\0') != std::string::npos)
    in.quit(_pe, ("Expected integer, but \"" + __testlib_part(buffer) + "\" found (it contains \\0)").c_str());
  return stringToLongLong(in, buffer.c_str());
}

/** An unsigned 64-bit decimal: digits only, no leading zero. */
inline unsigned long long stringToUnsignedLongLong(InStream &in, const char *buffer) {
  std::string token(buffer);
  std::string bad = "Expected unsigned integer, but \"" + __testlib_part(token) + "\" found";
  size_t length = token.length();
  if (length == 0 || length > 20 || (length > 1 && token[0] == '0')) in.quit(_pe, bad.c_str());
  unsigned long long value = 0;
  for (size_t i = 0; i < length; i++) {
    if (token[i] < '0' || token[i] > '9') in.quit(_pe, bad.c_str());
    unsigned digit = unsigned(token[i] - '0');
    if (value > (ULLONG_MAX - digit) / 10) in.quit(_pe, bad.c_str());
    value = value * 10 + digit;
  }
  return value;
}
inline unsigned long long stringToUnsignedLongLong(InStream &in, const std::string &buffer) {
  if (buffer.find('\0') != std::string::npos)
    in.quit(_pe, ("Expected unsigned integer, but \"" + __testlib_part(buffer) + "\" found (it contains \\0)").c_str());
  return stringToUnsignedLongLong(in, buffer.c_str());
}

namespace testlib_internal {
/**
 * The token as one number, false when something is left over. sscanf rather than strtod on
 * purpose: testlib reads with sscanf, which takes "1e" and "1e+" as 1 where strtod stops early.
 */
inline bool parseWholeDouble(const std::string &token, double &value) {
  std::vector<char> rest(token.length() + 1, 0);
  int scanned = std::sscanf(token.c_str(), "%lf%s", &value, &rest[0]);
  return scanned == 1 || (scanned == 2 && rest[0] == 0);
}
}  // namespace testlib_internal

/** A real in decimal or exponent notation (digits . e E + - only: no "nan", "inf" or hex). */
inline double stringToDouble(InStream &in, const char *buffer) {
  std::string token(buffer);
  std::string bad = "Expected double, but \"" + __testlib_part(token) + "\" found";
  int minus = 0, plus = 0, points = 0, digits = 0, exponents = 0;
  for (size_t i = 0; i < token.length(); i++) {
    char c = token[i];
    if ('0' <= c && c <= '9')
      digits++;
    else if (c == 'e' || c == 'E')
      exponents++;
    else if (c == '-')
      minus++;
    else if (c == '+')
      plus++;
    else if (c == '.')
      points++;
    else
      in.quit(_pe, bad.c_str());
  }
  if (digits == 0 || minus > 2 || plus > 2 || points > 1 || exponents > 1) in.quit(_pe, bad.c_str());
  double value;
  if (!testlib_internal::parseWholeDouble(token, value) || __testlib_isNaN(value)) in.quit(_pe, bad.c_str());
  return value;  // an overflowing exponent gives +-inf, as in testlib
}
inline double stringToDouble(InStream &in, const std::string &buffer) {
  if (buffer.find('\0') != std::string::npos)
    in.quit(_pe, ("Expected double, but \"" + __testlib_part(buffer) + "\" found (it contains \\0)").c_str());
  return stringToDouble(in, buffer.c_str());
}

/** [-]digits[.digits], no leading zero, between min and max digits after the point. */
inline double stringToStrictDouble(InStream &in, const char *buffer, int minAfterPointDigitCount,
                                   int maxAfterPointDigitCount) {
  if (minAfterPointDigitCount < 0) in.quit(_fail, "stringToStrictDouble: minAfterPointDigitCount should be non-negative.");
  if (minAfterPointDigitCount > maxAfterPointDigitCount)
    in.quit(_fail, "stringToStrictDouble: minAfterPointDigitCount should be less or equal to maxAfterPointDigitCount.");
  std::string token(buffer);
  std::string shown = "\"" + __testlib_part(token) + "\" found";
  std::string bad = "Expected strict double, but " + shown;
  size_t length = token.length();
  if (length == 0 || length > 1000) in.quit(_pe, bad.c_str());
  if (token[0] != '-' && (token[0] < '0' || token[0] > '9')) in.quit(_pe, bad.c_str());
  int pointPos = -1;
  for (size_t i = 1; i + 1 < length; i++) {
    if (token[i] == '.') {
      if (pointPos > -1) in.quit(_pe, bad.c_str());
      pointPos = int(i);
    } else if (token[i] < '0' || token[i] > '9') {
      in.quit(_pe, bad.c_str());
    }
  }
  if (token[length - 1] < '0' || token[length - 1] > '9') in.quit(_pe, bad.c_str());
  int afterPoint = pointPos == -1 ? 0 : int(length) - pointPos - 1;
  if (afterPoint < minAfterPointDigitCount || afterPoint > maxAfterPointDigitCount)
    in.quit(_pe, ("Expected strict double with number of digits after point in range [" + vtos(minAfterPointDigitCount) +
                  "," + vtos(maxAfterPointDigitCount) + "], but " + shown)
                     .c_str());
  size_t firstDigit = token.find_first_of("0123456789");
  if (firstDigit == std::string::npos || firstDigit > 1) in.quit(_pe, bad.c_str());
  if (token[firstDigit] == '0' && firstDigit + 1 < length && token[firstDigit + 1] >= '0' && token[firstDigit + 1] <= '9')
    in.quit(_pe, bad.c_str());
  double value;
  if (!testlib_internal::parseWholeDouble(token, value) || __testlib_isNaN(value) || __testlib_isInfinite(value))
    in.quit(_pe, ("Expected double, but " + shown).c_str());
  if (token[0] == '-' && value >= 0) in.quit(_pe, ("Redundant minus in " + shown).c_str());
  return value;
}
inline double stringToStrictDouble(InStream &in, const std::string &buffer, int minAfterPointDigitCount,
                                   int maxAfterPointDigitCount) {
  if (buffer.find('\0') != std::string::npos)
    in.quit(_pe, ("Expected double, but \"" + __testlib_part(buffer) + "\" found (it contains \\0)").c_str());
  return stringToStrictDouble(in, buffer.c_str(), minAfterPointDigitCount, maxAfterPointDigitCount);
}

// --- Opening ------------------------------------------------------------------------------------

inline InStream::InStream()
    : reader(NULL),
      lastLine(-1),
      mode(_input),
      opened(false),
      stdfile(false),
      strict(false),
      wordReserveSize(4),
      readManyIteration(NO_INDEX),
      maxFileSize(128 * 1024 * 1024),
      maxTokenLength(32 * 1024 * 1024),
      maxMessageLength(32000) {}

inline InStream::InStream(const InStream &baseStream, std::string content)
    : reader(new testlib_internal::Source(content)),
      lastLine(-1),
      name("based on " + baseStream.name),
      mode(baseStream.mode),
      opened(true),
      stdfile(false),
      strict(baseStream.strict),
      wordReserveSize(4),
      readManyIteration(NO_INDEX),
      maxFileSize(128 * 1024 * 1024),
      maxTokenLength(32 * 1024 * 1024),
      maxMessageLength(32000) {}

inline InStream::~InStream() { close(); }

inline void InStream::init(std::string fileName, TMode mode) {
  opened = false;
  name = fileName;
  stdfile = false;
  this->mode = mode;
  if (std::FILE *file = std::fopen(fileName.c_str(), "rb")) {
    std::fseek(file, 0, SEEK_END);
    long size = std::ftell(file);
    std::fclose(file);
    if (size > 0 && size_t(size) > maxFileSize)
      quitf(_pe, "File size exceeds %d bytes, size is %d", int(maxFileSize), int(size));
  }
  reset();
}

inline void InStream::init(std::FILE *f, TMode mode) {
  opened = false;
  name = "untitled";
  this->mode = mode;
  if (f == stdin) name = "stdin", stdfile = true;
  if (f == stdout) name = "stdout", stdfile = true;
  if (f == stderr) name = "stderr", stdfile = true;
  reset(f);
}

inline void InStream::reset(std::FILE *file) {
  if (opened && stdfile) quit(_fail, "Can't reset standard handle");
  if (opened) close();
  if (!stdfile && file == NULL && (file = std::fopen(name.c_str(), "rb")) == NULL) {
    if (mode == _output) quits(_pe, "Output file not found: \"" + name + "\"");
    if (mode == _answer) quits(_fail, "Answer file not found: \"" + name + "\"");
  }
  if (file == NULL) {  // a missing input file reads as empty
    opened = false;
    reader = NULL;
    return;
  }
  opened = true;
  if (stdfile)
    reader = new testlib_internal::Source(file);
  else
    reader = new testlib_internal::Source(testlib_internal::readAll(file));
}

inline void InStream::close() {
  if (reader) {
    if (reader->file()) std::fclose(reader->file());
    delete reader;
    reader = NULL;
  }
  opened = false;
}

/** Skips a UTF-8 byte order mark (checkers do it for the participant's output). */
inline void InStream::skipBom() {
  static const char bom[] = "\xEF\xBB\xBF";
  int matched = 0;
  while (matched < 3 && curChar() == bom[matched]) skipChar(), matched++;
  if (matched < 3)
    while (matched > 0) unreadChar(bom[--matched]);
}

inline testlib_internal::Source &InStream::source() {
  if (reader) return *reader;
  static testlib_internal::Source empty((std::string()));
  return empty;
}

inline int InStream::currentLine() { return source().line(); }

inline void InStream::setTestCase(int testCase) {
  if (testlibMode != _validator || mode != _input || !stdfile || this != &inf)
    __testlib_fail(
        "InStream::setTestCase can be used only for inf in validator-mode. Actually, prefer setTestCase function "
        "instead of InStream member");
  if (testCase < 0 || testCase > __TESTLIB_MAX_TEST_CASE)
    __testlib_fail(testlib_format_("testCase expected fit in [1,%d], but %d doesn't", __TESTLIB_MAX_TEST_CASE, testCase));
  if (reader && reader->trace()) reader->trace()->push_back(testCase + 256);
}

inline std::vector<int> InStream::getReadChars() {
  if (testlibMode != _validator || mode != _input || !stdfile || this != &inf)
    __testlib_fail("InStream::getReadChars can be used only for inf in validator-mode.");
  return reader && reader->trace() ? *reader->trace() : std::vector<int>();
}

// --- Characters and layout ----------------------------------------------------------------------

namespace testlib_internal {
inline char asChar(int c) { return c == kEof ? char(EOFC) : char(c); }
}  // namespace testlib_internal

inline void InStream::skipBlanks() {
  while (testlib_internal::isBlank(source().peek())) source().get();
}
inline char InStream::curChar() { return testlib_internal::asChar(source().peek()); }
inline void InStream::skipChar() { source().get(); }
inline char InStream::nextChar() { return testlib_internal::asChar(source().get()); }
inline char InStream::readChar() { return nextChar(); }
inline void InStream::unreadChar(char c) { source().unget((unsigned char)c); }

inline char InStream::readChar(char c) {
  lastLine = currentLine();
  char found = readChar();
  if (c != found) {
    if (!isEoln(found))
      quit(_pe, ("Unexpected character '" + std::string(1, found) + "', but '" + std::string(1, c) + "' expected").c_str());
    quit(_pe, ("Unexpected character #" + vtos(int(found)) + ", but '" + std::string(1, c) + "' expected").c_str());
  }
  return found;
}

inline char InStream::readSpace() { return readChar(' '); }

inline bool InStream::eof() { return source().peek() == testlib_internal::kEof; }

inline bool InStream::seekEof() {
  skipBlanks();
  return eof();
}

/**
 * Consumes a line break if there is one. Lax mode: LF, CRLF or the end of input. Strict mode
 * (validators): LF only, so a CRLF test is rejected.
 */
inline bool InStream::eoln() {
  testlib_internal::Source &in = source();
  int c = in.get();
  if (strict) {
    if (c == '\n') return true;
    in.unget(c);
    return false;
  }
  if (c == testlib_internal::kEof || c == '\n') return true;
  if (c == '\r') {
    int next = in.get();
    if (next == '\n') return true;
    in.unget(next);
  }
  in.unget(c);
  return false;
}

inline bool InStream::seekEoln() {
  testlib_internal::Source &in = source();
  int c;
  do c = in.get();
  while (c == ' ' || c == '\t');
  in.unget(c);
  return eoln();
}

inline void InStream::nextLine() { readLine(); }

inline void InStream::readEoln() {
  lastLine = currentLine();
  if (!eoln()) quit(_pe, "Expected EOLN");
}

inline void InStream::readEof() {
  lastLine = currentLine();
  if (!eof()) quit(_pe, "Expected EOF");
  if (TestlibFinalizeGuard::alive && this == &inf) testlibFinalizeGuard.readEofCount++;
}

// --- Tokens -------------------------------------------------------------------------------------

inline void InStream::readWordTo(std::string &result) {
  using testlib_internal::isBlank;
  testlib_internal::Source &in = source();
  if (!strict) skipBlanks();
  lastLine = currentLine();
  int c = in.get();
  if (c == testlib_internal::kEof) quit(_unexpected_eof, "Unexpected end of file - token expected");
  if (isBlank(c)) quit(_pe, "Unexpected white-space - token expected");
  result.clear();
  while (c != testlib_internal::kEof && !isBlank(c)) {
    result += char(c);
    if (result.length() > maxTokenLength)
      quitf(_pe, "Length of token exceeds %d, token is '%s...'", int(maxTokenLength), __testlib_part(result).c_str());
    c = in.get();
  }
  in.unget(c);
}

inline std::string InStream::readWord() {
  std::string token;
  readWordTo(token);
  return token;
}
inline std::string InStream::readToken() { return readWord(); }
inline void InStream::readTokenTo(std::string &result) { readWordTo(result); }

inline void InStream::noteVariable(const std::string &variableName) {
  if (strict && !variableName.empty()) validator.addVariable(variableName);
}

/** Wrong answer (FAIL on inf/ans) unless value matches; the message names the variable/index. */
inline void InStream::requireMatch(const std::string &value, const pattern &p, const std::string &variableName,
                                   bool isLine, bool useIndex) {
  if (p.matches(value)) {
    noteVariable(variableName);
    return;
  }
  std::string shown = "\"" + __testlib_part(value) + "\"", tail = "doesn't correspond to pattern \"" + p.src() + "\"";
  std::string what = isLine ? "Line" : "Token";
  if (!useIndex || readManyIteration == NO_INDEX) {
    if (variableName.empty()) quit(_wa, (what + " " + shown + " " + tail).c_str());
    quit(_wa, (what + (isLine ? "" : " parameter") + " [name=" + variableName + "] equals to " + shown + ", " + tail)
                  .c_str());
  }
  if (variableName.empty())
    quit(_wa, (what + " element [index=" + vtos(readManyIteration) + "] equals to " + shown + " " + tail).c_str());
  quit(_wa, (what + " element " + variableName + "[" + vtos(readManyIteration) + "] equals to " + shown + ", " + tail)
                .c_str());
}

inline std::string InStream::readWord(const pattern &p, const std::string &variableName) {
  std::string token = readWord();
  requireMatch(token, p, variableName, false, true);
  return token;
}
inline std::string InStream::readWord(const std::string &ptrn, const std::string &variableName) {
  return readWord(pattern(ptrn), variableName);
}
inline std::string InStream::readToken(const pattern &p, const std::string &variableName) {
  return readWord(p, variableName);
}
inline std::string InStream::readToken(const std::string &ptrn, const std::string &variableName) {
  return readWord(ptrn, variableName);
}
inline void InStream::readWordTo(std::string &result, const pattern &p, const std::string &variableName) {
  readWordTo(result);
  requireMatch(result, p, variableName, false, false);
}
inline void InStream::readWordTo(std::string &result, const std::string &ptrn, const std::string &variableName) {
  readWordTo(result, pattern(ptrn), variableName);
}
inline void InStream::readTokenTo(std::string &result, const pattern &p, const std::string &variableName) {
  readWordTo(result, p, variableName);
}
inline void InStream::readTokenTo(std::string &result, const std::string &ptrn, const std::string &variableName) {
  readWordTo(result, ptrn, variableName);
}

/** size elements; in strict mode separated by single spaces when spaceSeparated. */
template <typename T, typename ReadOne>
std::vector<T> InStream::readMany(const char *function, int size, int indexBase, bool spaceSeparated, ReadOne readOne) {
  if (size < 0) quit(_fail, (std::string(function) + ": size should be non-negative.").c_str());
  if (size > 100000000) quit(_fail, (std::string(function) + ": size should be at most 100000000.").c_str());
  std::vector<T> result(size);
  readManyIteration = indexBase;
  for (int i = 0; i < size; i++) {
    result[size_t(i)] = readOne();
    readManyIteration++;
    if (strict && spaceSeparated && i + 1 < size) readSpace();
  }
  readManyIteration = NO_INDEX;
  return result;
}

inline std::vector<std::string> InStream::readWords(int size, const pattern &p, const std::string &variablesName,
                                                    int indexBase) {
  noteVariable(variablesName);
  return readMany<std::string>("readWords", size, indexBase, true,
                               [&]() { return this->readWord(p, variablesName); });
}
inline std::vector<std::string> InStream::readWords(int size, const std::string &ptrn,
                                                    const std::string &variablesName, int indexBase) {
  return readWords(size, pattern(ptrn), variablesName, indexBase);
}
inline std::vector<std::string> InStream::readWords(int size, int indexBase) {
  return readMany<std::string>("readWords", size, indexBase, true, [&]() { return this->readWord(); });
}
inline std::vector<std::string> InStream::readTokens(int size, const pattern &p, const std::string &variablesName,
                                                     int indexBase) {
  noteVariable(variablesName);
  return readMany<std::string>("readTokens", size, indexBase, true,
                               [&]() { return this->readWord(p, variablesName); });
}
inline std::vector<std::string> InStream::readTokens(int size, const std::string &ptrn,
                                                     const std::string &variablesName, int indexBase) {
  return readTokens(size, pattern(ptrn), variablesName, indexBase);
}
inline std::vector<std::string> InStream::readTokens(int size, int indexBase) {
  return readMany<std::string>("readTokens", size, indexBase, true, [&]() { return this->readWord(); });
}

// --- Numbers ------------------------------------------------------------------------------------

/** Wrong answer (FAIL on inf/ans) when value is outside [minv, maxv]; validators note bounds hit. */
template <typename T>
void InStream::checkRange(const char *kind, T value, T minv, T maxv, const std::string &variableName,
                          const std::string &shownMin, const std::string &shownMax) {
  if (value < minv || value > maxv) {
    std::string range = "violates the range [" + shownMin + ", " + shownMax + "]";
    std::string shown = vtos(value);
    if (readManyIteration == NO_INDEX) {
      if (variableName.empty()) quit(_wa, (std::string(kind) + " " + shown + " " + range).c_str());
      quit(_wa, (std::string(kind) + " parameter [name=" + variableName + "] equals to " + shown + ", " + range).c_str());
    }
    if (variableName.empty())
      quit(_wa, (std::string(kind) + " element [index=" + vtos(readManyIteration) + "] equals to " + shown + ", " + range)
                    .c_str());
    quit(_wa, (std::string(kind) + " element " + variableName + "[" + vtos(readManyIteration) + "] equals to " + shown +
               ", " + range)
                  .c_str());
  }
}

namespace testlib_internal {
template <typename T>
bool hitsBound(T value, T bound, std::false_type /*floating*/) {
  return value == bound;
}
template <typename T>
bool hitsBound(T value, T bound, std::true_type /*floating*/) {
  return doubleDelta(bound, value) < 1E-12;
}
/** Records, in a validator, whether the value reached a bound of its variable. */
template <typename T>
void noteBounds(bool strict, const std::string &variableName, T value, T minv, T maxv) {
  if (!strict || variableName.empty()) return;
  std::integral_constant<bool, std::is_floating_point<T>::value> floating;
  validator.addBoundsHit(variableName, hitsBound(value, minv, floating), hitsBound(value, maxv, floating));
  validator.adjustConstantBounds(variableName, minv, maxv);
  validator.addVariable(variableName);
}
}  // namespace testlib_internal

inline long long InStream::readLong() {
  if (!strict && seekEof()) quit(_unexpected_eof, "Unexpected end of file - int64 expected");
  return stringToLongLong(*this, readWord());
}

inline unsigned long long InStream::readUnsignedLong() {
  if (!strict && seekEof()) quit(_unexpected_eof, "Unexpected end of file - int64 expected");
  return stringToUnsignedLongLong(*this, readWord());
}

inline int InStream::readInteger() {
  if (!strict && seekEof()) quit(_unexpected_eof, "Unexpected end of file - int32 expected");
  std::string token = readWord();
  long long value = stringToLongLong(*this, token);
  if (value < INT_MIN || value > INT_MAX) quit(_pe, ("Expected int32, but \"" + __testlib_part(token) + "\" found").c_str());
  return int(value);
}
inline int InStream::readInt() { return readInteger(); }

inline long long InStream::readLong(long long minv, long long maxv, const std::string &variableName) {
  long long value = readLong();
  checkRange("Integer", value, minv, maxv, variableName, toHumanReadableString(minv), toHumanReadableString(maxv));
  testlib_internal::noteBounds(strict, variableName, value, minv, maxv);
  return value;
}

inline unsigned long long InStream::readUnsignedLong(unsigned long long minv, unsigned long long maxv,
                                                     const std::string &variableName) {
  unsigned long long value = readUnsignedLong();
  checkRange("Unsigned integer", value, minv, maxv, variableName, toHumanReadableString(minv),
             toHumanReadableString(maxv));
  testlib_internal::noteBounds(strict, variableName, value, minv, maxv);
  return value;
}
inline unsigned long long InStream::readLong(unsigned long long minv, unsigned long long maxv,
                                             const std::string &variableName) {
  return readUnsignedLong(minv, maxv, variableName);
}

inline int InStream::readInt(int minv, int maxv, const std::string &variableName) {
  int value = readInt();
  checkRange("Integer", value, minv, maxv, variableName, toHumanReadableString(minv), toHumanReadableString(maxv));
  testlib_internal::noteBounds(strict, variableName, value, minv, maxv);
  return value;
}
inline int InStream::readInteger(int minv, int maxv, const std::string &variableName) {
  return readInt(minv, maxv, variableName);
}

inline std::vector<long long> InStream::readLongs(int size, long long minv, long long maxv,
                                                  const std::string &variablesName, int indexBase) {
  noteVariable(variablesName);
  return readMany<long long>("readLongs", size, indexBase, true,
                             [&]() { return this->readLong(minv, maxv, variablesName); });
}
inline std::vector<long long> InStream::readLongs(int size, int indexBase) {
  return readMany<long long>("readLongs", size, indexBase, true, [&]() { return this->readLong(); });
}
inline std::vector<unsigned long long> InStream::readUnsignedLongs(int size, unsigned long long minv,
                                                                   unsigned long long maxv,
                                                                   const std::string &variablesName, int indexBase) {
  noteVariable(variablesName);
  return readMany<unsigned long long>("readUnsignedLongs", size, indexBase, true,
                                      [&]() { return this->readUnsignedLong(minv, maxv, variablesName); });
}
inline std::vector<unsigned long long> InStream::readUnsignedLongs(int size, int indexBase) {
  return readMany<unsigned long long>("readUnsignedLongs", size, indexBase, true,
                                      [&]() { return this->readUnsignedLong(); });
}
inline std::vector<unsigned long long> InStream::readLongs(int size, unsigned long long minv, unsigned long long maxv,
                                                           const std::string &variablesName, int indexBase) {
  return readUnsignedLongs(size, minv, maxv, variablesName, indexBase);
}
inline std::vector<int> InStream::readInts(int size, int minv, int maxv, const std::string &variablesName,
                                           int indexBase) {
  noteVariable(variablesName);
  return readMany<int>("readInts", size, indexBase, true, [&]() { return this->readInt(minv, maxv, variablesName); });
}
inline std::vector<int> InStream::readInts(int size, int indexBase) {
  return readMany<int>("readInts", size, indexBase, true, [&]() { return this->readInt(); });
}
inline std::vector<int> InStream::readIntegers(int size, int minv, int maxv, const std::string &variablesName,
                                               int indexBase) {
  noteVariable(variablesName);
  return readMany<int>("readIntegers", size, indexBase, true,
                       [&]() { return this->readInt(minv, maxv, variablesName); });
}
inline std::vector<int> InStream::readIntegers(int size, int indexBase) {
  return readMany<int>("readIntegers", size, indexBase, true, [&]() { return this->readInt(); });
}

inline double InStream::readReal() {
  if (!strict && seekEof()) quit(_unexpected_eof, "Unexpected end of file - double expected");
  return stringToDouble(*this, readWord());
}
inline double InStream::readDouble() { return readReal(); }

inline double InStream::readReal(double minv, double maxv, const std::string &variableName) {
  double value = readReal();
  checkRange("Double", value, minv, maxv, variableName, vtos(minv), vtos(maxv));
  testlib_internal::noteBounds(strict, variableName, value, minv, maxv);
  return value;
}
inline double InStream::readDouble(double minv, double maxv, const std::string &variableName) {
  return readReal(minv, maxv, variableName);
}

inline double InStream::readStrictReal(double minv, double maxv, int minAfterPointDigitCount,
                                       int maxAfterPointDigitCount, const std::string &variableName) {
  if (!strict && seekEof()) quit(_unexpected_eof, "Unexpected end of file - strict double expected");
  double value = stringToStrictDouble(*this, readWord(), minAfterPointDigitCount, maxAfterPointDigitCount);
  checkRange("Strict double", value, minv, maxv, variableName, vtos(minv), vtos(maxv));
  testlib_internal::noteBounds(strict, variableName, value, minv, maxv);
  return value;
}
inline double InStream::readStrictDouble(double minv, double maxv, int minAfterPointDigitCount,
                                         int maxAfterPointDigitCount, const std::string &variableName) {
  return readStrictReal(minv, maxv, minAfterPointDigitCount, maxAfterPointDigitCount, variableName);
}

inline std::vector<double> InStream::readReals(int size, double minv, double maxv, const std::string &variablesName,
                                               int indexBase) {
  noteVariable(variablesName);
  return readMany<double>("readReals", size, indexBase, true,
                          [&]() { return this->readReal(minv, maxv, variablesName); });
}
inline std::vector<double> InStream::readReals(int size, int indexBase) {
  return readMany<double>("readReals", size, indexBase, true, [&]() { return this->readReal(); });
}
inline std::vector<double> InStream::readDoubles(int size, double minv, double maxv, const std::string &variablesName,
                                                 int indexBase) {
  noteVariable(variablesName);
  return readMany<double>("readDoubles", size, indexBase, true,
                          [&]() { return this->readDouble(minv, maxv, variablesName); });
}
inline std::vector<double> InStream::readDoubles(int size, int indexBase) {
  return readMany<double>("readDoubles", size, indexBase, true, [&]() { return this->readDouble(); });
}
inline std::vector<double> InStream::readStrictReals(int size, double minv, double maxv, int minAfterPointDigitCount,
                                                     int maxAfterPointDigitCount, const std::string &variablesName,
                                                     int indexBase) {
  noteVariable(variablesName);
  return readMany<double>("readStrictReals", size, indexBase, true, [&]() {
    return this->readStrictReal(minv, maxv, minAfterPointDigitCount, maxAfterPointDigitCount, variablesName);
  });
}
inline std::vector<double> InStream::readStrictDoubles(int size, double minv, double maxv, int minAfterPointDigitCount,
                                                       int maxAfterPointDigitCount, const std::string &variablesName,
                                                       int indexBase) {
  noteVariable(variablesName);
  return readMany<double>("readStrictDoubles", size, indexBase, true, [&]() {
    return this->readStrictDouble(minv, maxv, minAfterPointDigitCount, maxAfterPointDigitCount, variablesName);
  });
}

// --- Lines --------------------------------------------------------------------------------------

/**
 * The rest of the line without its line break. A CR is dropped when an LF follows it, and (as
 * in testlib) a lone CR is dropped too. Lax mode also consumes the break; strict mode requires it.
 */
inline void InStream::readStringTo(std::string &result) {
  if (reader == NULL) quit(_pe, "Expected line");
  testlib_internal::Source &in = source();
  result.clear();
  for (;;) {
    int c = in.peek();
    if (c == '\n' || c == testlib_internal::kEof) break;
    if (c == '\r') {
      in.get();
      if (in.peek() == '\n') {
        in.unget('\r');
        break;
      }
    }
    lastLine = currentLine();
    result += testlib_internal::asChar(in.get());
  }
  if (strict)
    readEoln();
  else
    eoln();
}

inline std::string InStream::readString() {
  std::string line;
  readStringTo(line);
  return line;
}
inline void InStream::readStringTo(std::string &result, const pattern &p, const std::string &variableName) {
  readStringTo(result);
  requireMatch(result, p, variableName, true, true);
}
inline void InStream::readStringTo(std::string &result, const std::string &ptrn, const std::string &variableName) {
  readStringTo(result, pattern(ptrn), variableName);
}
inline std::string InStream::readString(const pattern &p, const std::string &variableName) {
  std::string line;
  readStringTo(line, p, variableName);
  return line;
}
inline std::string InStream::readString(const std::string &ptrn, const std::string &variableName) {
  return readString(pattern(ptrn), variableName);
}
inline std::vector<std::string> InStream::readStrings(int size, int indexBase) {
  return readMany<std::string>("readStrings", size, indexBase, false, [&]() { return this->readString(); });
}
inline std::vector<std::string> InStream::readStrings(int size, const pattern &p, const std::string &variablesName,
                                                      int indexBase) {
  noteVariable(variablesName);
  return readMany<std::string>("readStrings", size, indexBase, false,
                               [&]() { return this->readString(p, variablesName); });
}
inline std::vector<std::string> InStream::readStrings(int size, const std::string &ptrn,
                                                      const std::string &variablesName, int indexBase) {
  return readStrings(size, pattern(ptrn), variablesName, indexBase);
}
inline std::string InStream::readLine() { return readString(); }
inline void InStream::readLineTo(std::string &result) { readStringTo(result); }
inline std::string InStream::readLine(const pattern &p, const std::string &variableName) {
  return readString(p, variableName);
}
inline std::string InStream::readLine(const std::string &ptrn, const std::string &variableName) {
  return readString(ptrn, variableName);
}
inline void InStream::readLineTo(std::string &result, const pattern &p, const std::string &variableName) {
  readStringTo(result, p, variableName);
}
inline void InStream::readLineTo(std::string &result, const std::string &ptrn, const std::string &variableName) {
  readStringTo(result, ptrn, variableName);
}
inline std::vector<std::string> InStream::readLines(int size, int indexBase) {
  return readMany<std::string>("readLines", size, indexBase, false, [&]() { return this->readString(); });
}
inline std::vector<std::string> InStream::readLines(int size, const pattern &p, const std::string &variablesName,
                                                    int indexBase) {
  noteVariable(variablesName);
  return readMany<std::string>("readLines", size, indexBase, false,
                               [&]() { return this->readString(p, variablesName); });
}
inline std::vector<std::string> InStream::readLines(int size, const std::string &ptrn,
                                                    const std::string &variablesName, int indexBase) {
  return readLines(size, pattern(ptrn), variablesName, indexBase);
}

// --- Validator reports --------------------------------------------------------------------------

namespace testlib_internal {
/** "stdout", "stderr" or a file; false when the file cannot be written. */
inline bool writeReport(const std::string &target, const std::string &content) {
  if (target == "stdout" || target == "stderr") {
    std::FILE *stream = target == "stdout" ? stdout : stderr;
    std::fwrite(content.data(), 1, content.size(), stream);
    std::fflush(stream);
    return true;
  }
  std::FILE *file = std::fopen(target.c_str(), "wb");
  if (!file) return false;
  std::fwrite(content.data(), 1, content.size(), file);
  return std::fclose(file) == 0;
}
}  // namespace testlib_internal

inline void Validator::writeTestOverviewLog() {
  if (testOverviewLogFileName_.empty()) return;
  std::string fileName = testOverviewLogFileName_;
  testOverviewLogFileName_ = "";
  std::string log;
  for (const auto &hit : boundsHits_)
    log += "\"" + hit.first + "\":" + (hit.second.first ? " min-value-hit" : "") +
           (hit.second.second ? " max-value-hit" : "") + "\n";
  for (const std::string &feature : features_)
    log += "feature \"" + feature + "\":" + (hitFeatures_.count(feature) ? " hit" : "") + "\n";
  for (const auto &bounds : constantBounds_)
    if (bounds.second.first.known() || bounds.second.second.known())
      log += "constant-bounds \"" + bounds.first + "\": " + bounds.second.first.shown() + " " +
             bounds.second.second.shown() + "\n";
  for (const std::string &variable : variables_) log += "variable \"" + variable + "\"\n";
  if (!testlib_internal::writeReport(fileName, log))
    __testlib_fail("Validator::writeTestOverviewLog: can't write test overview log to (" + fileName + ")");
}

/** The input as read, with "!c<n>;" where setTestCase(n) was called ('\' and '!' escaped). */
inline void Validator::writeTestMarkup() {
  if (testMarkupFileName_.empty()) return;
  std::vector<int> chars = inf.getReadChars();
  if (chars.empty()) return;
  std::string markup = "MU\xF3\x01";
  for (size_t i = 0; i < chars.size(); i++) {
    if (chars[i] < 256) {
      if (chars[i] == '\\' || chars[i] == '!') markup += '\\';
      markup += char(chars[i]);
    } else {
      markup += "!c" + vtos(chars[i] - 256) + ";";
    }
  }
  if (!testlib_internal::writeReport(testMarkupFileName_, markup))
    __testlib_fail("Validator::writeTestMarkup: can't write test markup to (" + testMarkupFileName_ + ")");
}

/** The text of test case --testCase alone (what was read between its mark and the next). */
inline void Validator::writeTestCase() {
  if (testCase_ <= 0) return;
  std::vector<int> chars = inf.getReadChars();
  std::string content, wanted;
  bool inWanted = false;
  for (size_t i = 0; i < chars.size(); i++) {
    if (chars[i] < 256) {
      content += char(chars[i]);
      continue;
    }
    if (inWanted) wanted = content, inWanted = false;
    content.clear();
    if (chars[i] - 256 == testCase_) inWanted = true;
  }
  if (inWanted) wanted = content;
  if (wanted.empty()) return;
  std::string target = testCaseFileName_.empty() ? "stdout" : testCaseFileName_;
  if (!testlib_internal::writeReport(target, wanted))
    __testlib_fail("Validator::writeTestCase: can't write test case to (" + testCaseFileName_ + ")");
}

// =================================================================================================
// 12. Registration: the first line of main, telling what kind of program this is
// =================================================================================================

inline void prepareOpts(int argc, char *argv[]);

NORETURN inline void __testlib_help() {
  std::fprintf(stderr, "testlib-compatible library %s (this judge's implementation)\n", VERSION);
  std::fprintf(stderr, "Checker name: \"%s\"\n\n", checkerName.c_str());
  std::fprintf(stderr, "Program must be run with the following arguments: \n");
  std::fprintf(stderr,
               "    [--testset testset] [--group group] <input-file> <output-file> <answer-file> [<report-file> "
               "[<-appes>]]\n\n");
  __testlib_exitCode = FAIL_EXIT_CODE;
  std::exit(FAIL_EXIT_CODE);
}

inline void __testlib_set_testset_and_group(int argc, char *argv[]) {
  for (int i = 1; i < argc; i++) {
    if (!std::strcmp("--testset", argv[i])) {
      if (i + 1 < argc && std::strlen(argv[i + 1]) > 0)
        __testlib_testset = argv[++i];
      else
        quit(_fail, std::string("Expected non-empty testset after --testset command line parameter"));
    } else if (!std::strcmp("--group", argv[i])) {
      if (i + 1 < argc)
        __testlib_group = argv[++i];
      else
        quit(_fail, std::string("Expected group after --group command line parameter"));
    }
  }
}

namespace testlib_internal {
/** The optional [<report-file> [-appes]] after the files. */
inline void takeResultFile(const std::vector<std::string> &args, size_t firstOptional) {
  resultName = "";
  appesMode = false;
  if (args.size() > firstOptional) resultName = args[firstOptional];
  if (args.size() > firstOptional + 1) {
    if (args[firstOptional + 1] != "-APPES" && args[firstOptional + 1] != "-appes")
      quit(_fail, std::string("Program must be run with the following arguments: ") +
                      "<input-file> <output-file> <answer-file> [<report-file> [<-appes>]]");
    appesMode = true;
  }
}
}  // namespace testlib_internal

/** Checker: checker <input> <output> <answer> [<result-file> [-appes]] [--testset t] [--group g]. */
inline void registerTestlibCmd(int argc, char *argv[]) {
  __testlib_set_testset_and_group(argc, argv);
  TestlibFinalizeGuard::registered = true;
  testlibMode = _checker;
  checker.initialize();

  std::vector<std::string> args(1, argc > 0 && argv[0] ? argv[0] : "");
  for (int i = 1; i < argc; i++) {
    if (!std::strcmp("--testset", argv[i])) {
      if (i + 1 < argc && std::strlen(argv[i + 1]) > 0)
        checker.setTestset(argv[++i]);
      else
        quit(_fail, std::string("Expected testset after --testset command line parameter"));
    } else if (!std::strcmp("--group", argv[i])) {
      if (i + 1 < argc)
        checker.setGroup(argv[++i]);
      else
        quit(_fail, std::string("Expected group after --group command line parameter"));
    } else {
      args.push_back(argv[i]);
    }
  }
  if (args.size() > 1 && args[1] == "--help") __testlib_help();
  if (args.size() < 4 || args.size() > 6)
    quit(_fail, std::string("Program must be run with the following arguments: ") +
                    "[--testset testset] [--group group] <input-file> <output-file> <answer-file> [<report-file> "
                    "[<-appes>]]\nUse \"--help\" to get help information");
  testlib_internal::takeResultFile(args, 4);

  inf.init(args[1], _input);
  ouf.init(args[2], _output);
  ouf.skipBom();
  ans.init(args[3], _answer);
}

/** Old style: registerTestlib(3, "input", "output", "answer"). */
inline void registerTestlib(int argc, ...) {
  if (argc < 3 || argc > 5)
    quit(_fail, std::string("Program must be run with the following arguments: ") +
                    "<input-file> <output-file> <answer-file> [<report-file> [<-appes>]]");
  std::vector<char *> argv(1, const_cast<char *>(""));
  va_list args;
  va_start(args, argc);
  for (int i = 0; i < argc; i++) argv.push_back(va_arg(args, char *));
  va_end(args);
  registerTestlibCmd(argc + 1, &argv[0]);
}

/**
 * Interactor: interactor <input> <output> [<answer> [<result-file> [-appes]]]. ouf reads the
 * solution's stdout from our stdin, what we print goes to the solution, and tout is written to
 * <output> for the checker that runs afterwards.
 */
inline void registerInteraction(int argc, char *argv[]) {
  __testlib_set_testset_and_group(argc, argv);
  TestlibFinalizeGuard::registered = true;
  testlibMode = _interactor;
  if (argc > 1 && !std::strcmp("--help", argv[1])) __testlib_help();
  if (argc < 3 || argc > 6)
    quit(_fail, std::string("Program must be run with the following arguments: ") +
                    "<input-file> <output-file> [<answer-file> [<report-file> [<-appes>]]]" +
                    "\nUse \"--help\" to get help information");
  testlib_internal::takeResultFile(std::vector<std::string>(argv, argv + argc), 4);

  inf.init(argv[1], _input);
  tout.open(argv[2], std::ios_base::out);
  if (tout.fail() || !tout.is_open())
    quit(_fail, std::string("Can not write to the test-output-file '") + argv[2] + std::string("'"));
  ouf.init(stdin, _output);
  if (argc >= 4)
    ans.init(argv[3], _answer);
  else
    ans.name = "unopened answer stream";
}

/** Validator: reads the test from stdin in strict mode; exit 0 means valid, 3 invalid. */
namespace testlib_internal {
inline void writeValidatorReports() {
  validator.writeTestOverviewLog();
  validator.writeTestMarkup();
  validator.writeTestCase();
}
}  // namespace testlib_internal

inline void registerValidation() {
  TestlibFinalizeGuard::registered = true;
  testlib_internal::onValidExit = &testlib_internal::writeValidatorReports;
  testlibMode = _validator;
  inf.init(stdin, _input);
  inf.strict = true;
  if (inf.reader) inf.reader->startTrace();
}

inline void registerValidation(int argc, char *argv[]) {
  registerValidation();
  __testlib_set_testset_and_group(argc, argv);
  validator.initialize();
  std::string usage =
      "Validator must be run with the following arguments: [--testset testset] [--group group] "
      "[--testOverviewLogFileName fileName] [--testMarkupFileName fileName] [--testCase testCase] "
      "[--testCaseFileName fileName]";
  for (int i = 1; i < argc; i++) {
    std::string option = argv[i];
    bool known = option == "--testset" || option == "--group" || option == "--testOverviewLogFileName" ||
                 option == "--testMarkupFileName" || option == "--testCase" || option == "--testCaseFileName";
    if (!known) continue;
    if (i + 1 >= argc || (option == "--testset" && std::strlen(argv[i + 1]) == 0)) quit(_fail, usage);
    const char *value = argv[++i];
    if (option == "--testset") validator.setTestset(value);
    if (option == "--group") validator.setGroup(value);
    if (option == "--testOverviewLogFileName") validator.setTestOverviewLogFileName(value);
    if (option == "--testMarkupFileName") validator.setTestMarkupFileName(value);
    if (option == "--testCaseFileName") validator.setTestCaseFileName(value);
    if (option == "--testCase") {
      long long testCase = stringToLongLong(inf, value);
      if (testCase < 1 || testCase >= __TESTLIB_MAX_TEST_CASE)
        quit(_fail, testlib_format_("Argument testCase should be between 1 and %d, but ", __TESTLIB_MAX_TEST_CASE) +
                        toString(testCase) + " found");
      validator.setTestCase(int(testCase));
    }
  }
}

/** Generator: seeds rnd from the arguments. Version 1 is current; 0 reproduces pre-0.8.7 tests. */
inline void registerGen(int argc, char *argv[], int randomGeneratorVersion) {
  if (randomGeneratorVersion < 0 || randomGeneratorVersion > 1)
    quitf(_fail, "Random generator version is expected to be 0 or 1.");
  random_t::version = randomGeneratorVersion;
  TestlibFinalizeGuard::registered = true;
  testlibMode = _generator;
  rnd.setSeed(argc, argv);
  prepareOpts(argc, argv);
}

#ifdef USE_RND_AS_BEFORE_087
inline void registerGen(int argc, char *argv[]) { registerGen(argc, argv, 0); }
#else
#if defined(__GNUC__)
__attribute__((deprecated("Use registerGen(argc, argv, 0) or registerGen(argc, argv, 1).")))
#endif
inline void
registerGen(int argc, char *argv[]) {
  std::fprintf(stderr,
               "Use registerGen(argc, argv, 0) or registerGen(argc, argv, 1). The third parameter stands for the "
               "random generator version. If you are trying to compile old generator use macro "
               "-DUSE_RND_AS_BEFORE_087 or registerGen(argc, argv, 0). Version 1 has been released on Spring, 2013. "
               "Use it to write new generators.\n\n");
  registerGen(argc, argv, 0);
}
#endif

inline void setAppesModeEncoding(std::string encoding) {
  encoding = lowerCase(encoding);
  bool plausible = !encoding.empty();
  for (size_t i = 0; i < encoding.length(); i++)
    if (!std::isalnum((unsigned char)encoding[i]) && encoding[i] != '-') plausible = false;
  if (!plausible) quit(_fail, "Unexpected encoding for setAppesModeEncoding(encoding)");
  appesModeEncoding = encoding;
}

// =================================================================================================
// 13. Command-line opts for generators: gen -n 10 --max=5 -sorted, read with opt<int>("n").
//     Numbers may use exponents (1e5). Reading a default or has_opt() makes unused opts an error
//     at exit (a typo in a key is caught), unless suppressEnsureNoUnusedOpts() is called.
// =================================================================================================

struct TestlibOpt {
  TestlibOpt() : used(false) {}
  std::string value;
  bool used;
};

std::vector<std::string> __testlib_argv;
std::map<std::string, TestlibOpt> __testlib_opts;
bool __testlib_ensureNoUnusedOptsFlag = false;
bool __testlib_ensureNoUnusedOptsSuppressed = false;

/** 1 for -key, 2 for --key (a key starts with a letter), 0 for a value. */
inline size_t getOptType(char *s) {
  if (!s || std::strlen(s) <= 1 || s[0] != '-') return 0;
  if (std::isalpha((unsigned char)s[1])) return 1;
  if (s[1] == '-') return std::isalpha((unsigned char)s[2]) ? 2 : 0;
  return 0;
}

/** Reads the opt at index: -k=v, -k v, -k5 (one-letter key and a number) or -flag (true). */
inline size_t parseOpt(size_t argc, char *argv[], size_t index, std::map<std::string, TestlibOpt> &opts) {
  if (index >= argc) return 0;
  size_t type = getOptType(argv[index]), consumed = 1;
  if (type == 0) return consumed;
  std::string key(argv[index] + type), value;
  size_t equals = key.find('=');
  if (equals != std::string::npos) {
    value = key.substr(equals + 1);
    key = key.substr(0, equals);
  } else if (index + 1 < argc && getOptType(argv[index + 1]) == 0) {
    value = argv[index + 1];
    consumed = 2;
  } else if (key.length() > 1 && std::isdigit((unsigned char)key[1])) {
    value = key.substr(1);
    key = key.substr(0, 1);
  } else {
    value = "true";
  }
  opts[key].value = value;
  return consumed;
}

inline void prepareOpts(int argc, char *argv[]) {
  if (argc <= 0) __testlib_fail("Opts: expected argc>=0 but found " + toString(argc));
  size_t n = size_t(argc);
  __testlib_opts = std::map<std::string, TestlibOpt>();
  for (size_t index = 1; index < n; index += parseOpt(n, argv, index, __testlib_opts)) {
  }
  __testlib_argv = std::vector<std::string>(argv, argv + n);
}

inline std::string __testlib_indexToArgv(int index) {
  if (index < 0 || index >= int(__testlib_argv.size()))
    __testlib_fail("Opts: index '" + toString(index) + "' is out of range [0," + toString(__testlib_argv.size()) + ")");
  return __testlib_argv[size_t(index)];
}

inline std::string __testlib_keyToOpts(const std::string &key) {
  std::map<std::string, TestlibOpt>::iterator it = __testlib_opts.find(key);
  if (it == __testlib_opts.end()) __testlib_fail("Opts: unknown key '" + compress(key) + "'");
  it->second.used = true;
  return it->second.value;
}

inline long double optValueToLongDouble(const std::string &s);
template <typename T>
T optValueToIntegral(const std::string &s, bool nonnegative);

/** Rewrites "1.5e3" as "1500" (moving the decimal point), so integers may be given as 1e9. */
inline std::string parseExponentialOptValue(const std::string &s) {
  size_t e = s.find_first_of("eE");
  if (e == std::string::npos) return s;
  std::string bad = "Opts: expected typical exponential notation but '" + compress(s) + "' found";
  if (s.find_first_of("eE", e + 1) != std::string::npos) __testlib_fail(bad);
  std::string exponent = s.substr(e + 1);
  if (!exponent.empty() && exponent[0] == '+') exponent = exponent.substr(1);
  if (exponent.empty() || exponent.length() > 20) __testlib_fail(bad);
  int shift = optValueToIntegral<int>(exponent, false);
  std::string num = s.substr(0, e);
  if (num.length() > 20) __testlib_fail(bad);
  if (!num.empty() && num[0] == '+') num = num.substr(1);
  optValueToLongDouble(num);  // fails unless num is a plain decimal
  bool minus = num[0] == '-';
  if (minus) num = num.substr(1);
  for (int i = 0; i < shift; i++) {  // the point one place right
    size_t point = num.find('.');
    if (point == std::string::npos)
      num += '0';
    else if (point + 1 == num.length())
      num[point] = '0';
    else
      std::swap(num[point], num[point + 1]);
  }
  for (int i = 0; i < -shift; i++) {  // the point one place left
    size_t point = num.find('.');
    if (point == std::string::npos)
      num.insert(num.end() - 1, '.');
    else if (point == 0)
      num.insert(num.begin() + 1, '0');
    else
      std::swap(num[point - 1], num[point]);
  }
  while (!num.empty() && num[0] == '0') num = num.substr(1);
  while (num.find('.') != std::string::npos && num[num.length() - 1] == '0') num.erase(num.length() - 1);
  if (!num.empty() && num[num.length() - 1] == '.') num.erase(num.length() - 1);
  if (num.empty() || num[0] == '.') num.insert(num.begin(), '0');
  return (minus ? "-" : "") + num;
}

template <typename T>
T optValueToIntegral(const std::string &original, bool nonnegative) {
  std::string s = parseExponentialOptValue(original);
  if (s.empty()) __testlib_fail("Opts: expected integer but '" + compress(original) + "' found");
  bool negative = s[0] == '-';
  if (negative && nonnegative) __testlib_fail("Opts: expected non-negative integer but '" + compress(original) + "' found");
  unsigned long long magnitude = 0;
  bool overflow = false;
  for (size_t i = negative ? 1 : 0; i < s.length(); i++) {
    if (s[i] < '0' || s[i] > '9') __testlib_fail("Opts: expected integer but '" + compress(original) + "' found");
    unsigned digit = unsigned(s[i] - '0');
    if (magnitude > (ULLONG_MAX - digit) / 10) overflow = true;
    magnitude = magnitude * 10 + digit;
  }
  // The value must fit T exactly.
  long double value = negative ? -(long double)magnitude : (long double)magnitude;
  if (overflow || value < (long double)std::numeric_limits<T>::min() ||
      value > (long double)std::numeric_limits<T>::max())
    __testlib_fail("Opts: integer overflow: expected integer but '" + compress(original) + "' found");
  return negative ? T(0 - T(magnitude - 1) - 1) : T(magnitude);
}

inline long double optValueToLongDouble(const std::string &original) {
  std::string s = parseExponentialOptValue(original);
  std::string bad = "Opts: expected float number but '" + compress(original) + "' found";
  if (s.empty()) __testlib_fail(bad);
  long double value = 0.0, scale = 1.0;
  size_t i = s[0] == '-' ? 1 : 0;
  bool afterPoint = false;
  for (; i < s.length(); i++) {
    if (s[i] == '.') {
      if (afterPoint) __testlib_fail(bad);
      afterPoint = true;
      continue;
    }
    if (afterPoint) scale *= 10.0;
    if (s[i] < '0' || s[i] > '9') __testlib_fail(bad);
    if (afterPoint)
      value += (s[i] - '0') / scale;
    else
      value = value * 10 + s[i] - '0';
  }
  return s[0] == '-' ? -value : value;
}

inline void ensureNoUnusedOpts();

inline bool has_opt(const std::string &key) {
  __testlib_ensureNoUnusedOptsFlag = true;
  testlib_internal::onExitCheckOpts = &ensureNoUnusedOpts;
  return __testlib_opts.count(key) != 0;
}

namespace testlib_internal {
// How opt<T> converts the text: by the kind of T.
enum OptKind { kOptString, kOptBool, kOptIntegral, kOptFloating };
template <typename T>
struct OptKindOf {
  static const OptKind value = std::is_same<T, bool>::value          ? kOptBool
                               : std::is_integral<T>::value         ? kOptIntegral
                               : std::is_floating_point<T>::value   ? kOptFloating
                                                                    : kOptString;
};
template <typename T, OptKind kind = OptKindOf<T>::value>
struct OptParser {  // strings and anything built from one
  static T parse(const std::string &raw, const std::string &) { return T(raw); }
};
template <typename T>
struct OptParser<T, kOptIntegral> {
  static T parse(const std::string &raw, const std::string &) {
    return optValueToIntegral<T>(raw, std::is_unsigned<T>::value);
  }
};
template <typename T>
struct OptParser<T, kOptFloating> {
  static T parse(const std::string &raw, const std::string &) { return T(optValueToLongDouble(raw)); }
};
template <typename T>
struct OptParser<T, kOptBool> {
  static T parse(const std::string &raw, const std::string &where) {
    if (raw == "true" || raw == "1") return true;
    if (raw == "false" || raw == "0") return false;
    __testlib_fail("Opts: " + where + ": expected bool true/false or 0/1 but '" + compress(raw) + "' found");
  }
};
}  // namespace testlib_internal

/** The argument at index (0 is the program), converted to T. */
template <typename T>
T opt(int index) {
  return testlib_internal::OptParser<T>::parse(__testlib_indexToArgv(index), "opt by index '" + toString(index) + "'");
}
inline std::string opt(int index) { return opt<std::string>(index); }

template <typename T>
T opt(int index, const T &defaultValue) {
  if (index >= int(__testlib_argv.size())) return defaultValue;
  return opt<T>(index);
}
inline std::string opt(int index, const std::string &defaultValue) { return opt<std::string>(index, defaultValue); }

/** The opt named key, converted to T; a missing bool flag is false. */
template <typename T>
T opt(const std::string &key) {
  if (testlib_internal::OptKindOf<T>::value == testlib_internal::kOptBool && !has_opt(key)) return T();
  return testlib_internal::OptParser<T>::parse(__testlib_keyToOpts(key), "key '" + compress(key) + "'");
}
inline std::string opt(const std::string &key) { return opt<std::string>(key); }

template <typename T>
T opt(const std::string &key, const T &defaultValue) {
  if (!has_opt(key)) return defaultValue;
  return opt<T>(key);
}
inline std::string opt(const std::string &key, const std::string &defaultValue) {
  return opt<std::string>(key, defaultValue);
}

inline void ensureNoUnusedOpts() {
  for (const auto &entry : __testlib_opts)
    if (!entry.second.used) __testlib_fail(testlib_format_("Opts: unused key '%s'", compress(entry.first).c_str()));
}

inline void suppressEnsureNoUnusedOpts() { __testlib_ensureNoUnusedOptsSuppressed = true; }

// =================================================================================================
// 14. Output helpers for generators and interactors
// =================================================================================================

/** Shuffles with rnd (std::random_shuffle differs between compilers; tests must not). */
template <typename RandomAccessIterator>
void shuffle(RandomAccessIterator first, RandomAccessIterator last) {
  if (first == last) return;
  for (RandomAccessIterator i = first + 1; i != last; ++i) std::iter_swap(i, first + rnd.next(int(i - first) + 1));
}

/** Makes the following output go to the file named test (generators that write many tests). */
inline void startTest(int test) {
  const std::string fileName = vtos(test);
  if (std::freopen(fileName.c_str(), "wt", stdout) == NULL) __testlib_fail("Unable to write file '" + fileName + "'");
}

namespace testlib_internal {
template <typename T>
struct IsIterable {
  template <typename U>
  static char test(typename U::iterator *);
  template <typename U>
  static long test(...);
  static const bool value = sizeof(test<T>(0)) == 1;
};
template <typename T>
struct IsCharPointer {
  static const bool value = std::is_same<typename std::decay<T>::type, char *>::value ||
                            std::is_same<typename std::decay<T>::type, const char *>::value;
};
// An iterator: has an iterator_category, or is a pointer (not a C string, not an array).
template <typename T>
struct IsIterator {
  template <typename U>
  static char test(typename U::iterator_category *);
  template <typename U>
  static long test(...);
  static const bool value =
      (sizeof(test<T>(0)) == 1 || std::is_pointer<T>::value) && !IsCharPointer<T>::value && !std::is_array<T>::value;
};

template <typename T>
void printOne(const T &value, std::false_type /*iterable*/) {
  std::cout << value;
}
template <typename T>
void printOne(const T &collection, std::true_type /*iterable*/) {
  for (typename T::const_iterator i = collection.begin(); i != collection.end(); ++i) {
    if (i != collection.begin()) std::cout << " ";
    std::cout << *i;
  }
}
inline void printOne(const std::string &s) { std::cout << s; }
template <typename T>
void printOne(const T &value) {
  printOne(value, std::integral_constant<bool, IsIterable<T>::value>());
}

inline void printRest() {}
template <typename T, typename... Rest>
void printRest(const T &first, const Rest &...rest) {
  std::cout << " ";
  printOne(first);
  printRest(rest...);
}

template <typename A, typename B>
void printPair(const A &a, const B &b, std::false_type /*range*/) {
  printOne(a);
  printRest(b);
}
template <typename A, typename B>
void printPair(const A &begin, const B &end, std::true_type /*range*/) {
  for (B i = B(begin); i != end; ++i) {
    if (i != B(begin)) std::cout << " ";
    printOne(*i);
  }
}
}  // namespace testlib_internal

/**
 * Prints the values separated by spaces and a line break (flushed, which interactors need).
 * A collection prints as its elements; println(begin, end) prints a range.
 */
template <typename T>
void println(const T &x) {
  testlib_internal::printOne(x);
  std::cout << std::endl;
}
template <typename A, typename B>
void println(const A &a, const B &b) {
  testlib_internal::printPair(a, b, std::integral_constant<bool, testlib_internal::IsIterator<B>::value>());
  std::cout << std::endl;
}
template <typename A, typename B, typename C, typename... Rest>
void println(const A &a, const B &b, const C &c, const Rest &...rest) {
  testlib_internal::printOne(a);
  testlib_internal::printRest(b, c, rest...);
  std::cout << std::endl;
}

// =================================================================================================
// 15. Finalization: at exit a checker must have quit, a validator must have read the end of the
//     input, and every program must have registered; a generator must have used its opts.
//     Defined last so that it is destroyed first, while inf/ouf/ans still exist.
// =================================================================================================

inline TestlibFinalizeGuard::~TestlibFinalizeGuard() {
  bool wasAlive = alive;
  alive = false;
  testlib_internal::finalizing() = true;
  if (wasAlive) {
    if (testlibMode == _checker && quitCount == 0) __testlib_fail("Checker must end with quit or quitf call.");
    if (testlibMode == _validator && readEofCount == 0 && quitCount == 0)
      __testlib_fail("Validator must end with readEof call.");
    if (__testlib_ensureNoUnusedOptsFlag && !__testlib_ensureNoUnusedOptsSuppressed && testlib_internal::onExitCheckOpts)
      testlib_internal::onExitCheckOpts();
    if (!registered)
      __testlib_fail("Call register-function in the first line of the main (registerTestlibCmd or other similar)");
  }
  if (__testlib_exitCode == 0 && testlib_internal::onValidExit) testlib_internal::onValidExit();
}

TestlibFinalizeGuard testlibFinalizeGuard;

#endif
