/** "1 lead", "2 leads", "1,200 messages": a count with its noun, for copy and notices. */
export const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString("en-US")} ${count === 1 ? one : many}`;
