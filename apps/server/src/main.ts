// Placeholder replaced by the write-side work.
console.log('Agent Ledger server');
