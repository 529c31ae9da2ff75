// Reads all of stdin through events, which works whether the judge runs the file as CommonJS or ESM.
let data = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => (data += chunk));
process.stdin.on('end', () => {
  const [a, b] = data.trim().split(/\s+/).map(Number);
  // |a|, |b| <= 1e9, so the sum is exact in a double.
  console.log(String(a + b));
});
