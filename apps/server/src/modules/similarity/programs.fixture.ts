/** Programs the similarity tests compare (similarity.test.ts, similarity-api.test.ts). */

export const ORIGINAL = `#include <bits/stdc++.h>
using namespace std;
// Dijkstra over an adjacency list
const int MAXN = 100005;
vector<pair<int,int>> g[MAXN];
long long dist[MAXN];
void dijkstra(int s, int n) {
    for (int i = 1; i <= n; i++) dist[i] = 1e18;
    dist[s] = 0;
    priority_queue<pair<long long,int>, vector<pair<long long,int>>, greater<pair<long long,int>>> pq;
    pq.push({0, s});
    while (!pq.empty()) {
        auto [d, u] = pq.top(); pq.pop();
        if (d > dist[u]) continue;
        for (auto [v, w] : g[u]) {
            if (dist[u] + w < dist[v]) { dist[v] = dist[u] + w; pq.push({dist[v], v}); }
        }
    }
}
int readInt() { int x; scanf("%d", &x); return x; }
int main() {
    int n = readInt(), m = readInt(), s = readInt();
    for (int i = 0; i < m; i++) {
        int a = readInt(), b = readInt(), c = readInt();
        g[a].push_back({b, c});
    }
    dijkstra(s, n);
    for (int i = 1; i <= n; i++) printf("%lld ", dist[i] >= (long long)1e18 ? -1LL : dist[i]);
    return 0;
}
`;

/** The same program: other names, functions in another order, other spacing, comments added. */
export const DISGUISED = `#include <bits/stdc++.h>
using namespace std;
int   getNumber(){int value;scanf("%d",&value);return value;}
const int LIMIT=100005;
vector<pair<int,int>> adj[LIMIT];
long long best[LIMIT];   /* shortest distances */
void shortestPaths(int source,int total)
{
  for(int k=1;k<=total;k++) best[k]=1e18;
  best[source]=0;
  priority_queue<pair<long long,int>,vector<pair<long long,int>>,greater<pair<long long,int>>> heap;
  heap.push({0,source});
  while(!heap.empty())
  {
    auto [cost,node]=heap.top(); heap.pop();
    if(cost>best[node]) continue;   // stale entry
    for(auto [next,len]:adj[node])
    {
      if(best[node]+len<best[next]){best[next]=best[node]+len;heap.push({best[next],next});}
    }
  }
}
int main()
{
  int vertices=getNumber(), edges=getNumber(), from=getNumber();
  for(int e=0;e<edges;e++)
  {
    int x=getNumber(),y=getNumber(),z=getNumber();
    adj[x].push_back({y,z});
  }
  shortestPaths(from,vertices);
  for(int k=1;k<=vertices;k++) printf("%lld ",best[k]>=(long long)1e18?-1LL:best[k]);
  return 0;
}
`;

/** Two independent solutions of an easy problem (sum of the even numbers of a list). */
export const INDEPENDENT_A = `#include <iostream>
using namespace std;
int main() {
    int n;
    cin >> n;
    long long total = 0;
    for (int i = 0; i < n; ++i) {
        int x;
        cin >> x;
        if (x % 2 == 0) total += x;
    }
    cout << total << endl;
    return 0;
}
`;
export const INDEPENDENT_B = `#include <cstdio>
#include <vector>
int main(void)
{
    int count;
    if (scanf("%d", &count) != 1) return 1;
    std::vector<long long> values(count);
    for (auto &v : values) scanf("%lld", &v);
    long long answer = 0;
    size_t idx = 0;
    while (idx < values.size()) {
        answer += (values[idx] & 1) ? 0 : values[idx];
        idx++;
    }
    printf("%lld\\n", answer);
}
`;
