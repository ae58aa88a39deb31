/**
 * A small longest-common-subsequence diff over lines or words, for the page history. (The `diff`
 * package is only a transitive dev dependency here; see the report of issue 12.) Texts whose
 * token grid would pass MAX_CELLS are shown as one removal and one addition instead.
 */
export interface DiffChunk {
  value: string;
  change: "added" | "removed" | "same";
}

const MAX_CELLS = 4_000_000;

function tokensOf(text: string, by: "line" | "word"): string[] {
  if (text === "") return [];
  return by === "line" ? (text.match(/[^\n]*\n|[^\n]+$/g) ?? []) : (text.match(/\s+|[^\s]+/g) ?? []);
}

export function diffText(before: string, after: string, by: "line" | "word"): DiffChunk[] {
  const a = tokensOf(before, by);
  const b = tokensOf(after, by);
  if (a.length * b.length > MAX_CELLS) {
    return [...(before ? [{ value: before, change: "removed" as const }] : []), ...(after ? [{ value: after, change: "added" as const }] : [])];
  }
  // lcs[i][j]: length of the longest common subsequence of a[i..] and b[j..].
  const width = b.length + 1;
  const lcs = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i * width + j] = a[i] === b[j] ? lcs[(i + 1) * width + j + 1]! + 1 : Math.max(lcs[(i + 1) * width + j]!, lcs[i * width + j + 1]!);
    }
  }
  const chunks: DiffChunk[] = [];
  const push = (value: string, change: DiffChunk["change"]) => {
    const last = chunks[chunks.length - 1];
    if (last && last.change === change) last.value += value;
    else chunks.push({ value, change });
  };
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      push(a[i]!, "same");
      i++;
      j++;
    } else if (lcs[(i + 1) * width + j]! >= lcs[i * width + j + 1]!) {
      push(a[i++]!, "removed");
    } else {
      push(b[j++]!, "added");
    }
  }
  while (i < a.length) push(a[i++]!, "removed");
  while (j < b.length) push(b[j++]!, "added");
  return chunks;
}
