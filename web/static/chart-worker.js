// Counts for the chart, off the page's thread: the biggest (cell by cell at n = 10)
// takes about a second. The page sends the WebAssembly module it compiled, so nothing
// is fetched here, and the list of searches to run: [algorithm index, n] pairs.
"use strict";

onmessage = async (event) => {
  const { module, jobs } = event.data;
  const instance = await WebAssembly.instantiate(module, {});
  const wasm = instance.exports;
  for (const [algorithm, n] of jobs) {
    const ran = wasm.nq_count(algorithm, n) === 1;
    postMessage({ algorithm, n, ran, nodes: wasm.nq_count_nodes(), total: wasm.nq_count_total() });
  }
  postMessage({ done: true });
};
