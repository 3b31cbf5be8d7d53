// Preloaded into the benchmarked server (NODE_OPTIONS=--require): on SIGUSR2 it prints the main
// thread's heap figures, which the process's RSS alone cannot tell apart from the database's.
process.on('SIGUSR2', () => {
  if (global.gc) global.gc();
  const u = process.memoryUsage();
  console.log(`[memory] ${JSON.stringify(u)}`);
});
