// A one-line upload progress bar for the CLI (redrawn in place on a terminal, logged per 10% otherwise).
export function createProgressBar(write: (text: string) => void, tty: boolean, width = 30) {
  let lastDecile = -1;
  let drawn = false;
  const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
  return {
    update(name: string, loaded: number, total: number) {
      const ratio = total > 0 ? Math.min(1, loaded / total) : 1;
      const filled = Math.round(ratio * width);
      const line =
        `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ` +
        `${String(Math.round(ratio * 100)).padStart(3)}% ${name} ${mb(loaded)}/${mb(total)} MB`;
      if (tty) {
        write(`\r${line}\x1b[K`);
        drawn = true;
        return;
      }
      const decile = Math.floor(ratio * 10);
      if (decile !== lastDecile) {
        lastDecile = decile;
        write(`${line}\n`);
      }
    },
    note(text: string) {
      write(`${tty && drawn ? '\n' : ''}${text}\n`);
      drawn = false;
    },
    done() {
      if (tty && drawn) write('\n');
      lastDecile = -1;
    },
  };
}
