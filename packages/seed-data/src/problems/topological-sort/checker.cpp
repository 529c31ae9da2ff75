// Special judge of problem 1009 in the testlib protocol, without testlib.h:
//   checker <input> <contestant output> <reference answer>
// exit 0 = OK, 1 = WA, 2 = PE (unreadable output), 3 = checker failure (bad input file).
// It accepts any permutation of 1..n that respects every requirement u -> v.
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>
using namespace std;

enum Verdict { OK = 0, WA = 1, PE = 2, FAIL = 3 };

[[noreturn]] void finish(Verdict v, const string& message) {
    fprintf(stderr, "%s\n", message.c_str());
    exit(v);
}

// Reads the next whitespace-separated token; false at end of file.
bool nextToken(ifstream& in, string& token) {
    token.clear();
    char c;
    while (in.get(c) && isspace(static_cast<unsigned char>(c))) {
    }
    if (!in) return false;
    do token.push_back(c);
    while (in.get(c) && !isspace(static_cast<unsigned char>(c)));
    return true;
}

// A decimal integer of at most 9 digits (no value in this problem needs more).
bool parseInt(const string& s, long long& value) {
    size_t i = (s[0] == '-') ? 1 : 0;
    if (i == s.size() || s.size() - i > 9) return false;
    value = 0;
    for (; i < s.size(); ++i) {
        if (!isdigit(static_cast<unsigned char>(s[i]))) return false;
        value = value * 10 + (s[i] - '0');
    }
    if (s[0] == '-') value = -value;
    return true;
}

long long readInput(ifstream& in, const char* what) {
    string t;
    long long v;
    if (!nextToken(in, t) || !parseInt(t, v)) finish(FAIL, string("输入文件损坏：无法读取") + what);
    return v;
}

int main(int argc, char** argv) {
    if (argc < 4) finish(FAIL, "用法：checker <input> <output> <answer>");
    ifstream input(argv[1]), output(argv[2]);
    if (!input) finish(FAIL, "无法打开输入文件");
    if (!output) finish(PE, "无法打开选手输出");

    long long n = readInput(input, " n"), m = readInput(input, " m");
    vector<pair<int, int>> edges;
    for (long long i = 0; i < m; ++i) {
        long long u = readInput(input, " u"), v = readInput(input, " v");
        if (u < 1 || u > n || v < 1 || v > n) finish(FAIL, "输入文件中的课程编号越界");
        edges.push_back({int(u), int(v)});
    }

    vector<int> pos(n + 1, 0);
    string t;
    for (long long k = 1; k <= n; ++k) {
        long long x;
        if (!nextToken(output, t)) finish(PE, "输出的课程数少于 n = " + to_string(n));
        if (!parseInt(t, x)) finish(PE, "第 " + to_string(k) + " 个数不是整数：" + t.substr(0, 20));
        if (x < 1 || x > n) finish(WA, "第 " + to_string(k) + " 个数 " + to_string(x) + " 不是合法的课程编号");
        if (pos[x] != 0) finish(WA, "课程 " + to_string(x) + " 出现了两次");
        pos[x] = int(k);
    }
    if (nextToken(output, t)) finish(PE, "输出了多于 n 个数");

    for (const auto& e : edges)
        if (pos[e.first] > pos[e.second])
            finish(WA, "要求课程 " + to_string(e.first) + " 在课程 " + to_string(e.second) + " 之前，但输出的顺序相反");
    finish(OK, "顺序合法，共 " + to_string(n) + " 门课程");
}
