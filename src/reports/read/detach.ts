/**
 * A copy of `text` that shares no memory with the chunk it was cut from.
 * V8 keeps substrings of 13 or more characters (from split or slice) as views
 * into their parent, so one retained location name would keep its whole
 * 64 KiB read chunk alive; the summaries keep user text only through this.
 * The JSON round trip copies every character exactly, lone surrogates too.
 */
const V8_MIN_SLICE = 13;

export function detach(text: string): string {
  return text.length < V8_MIN_SLICE ? text : (JSON.parse(JSON.stringify(text)) as string);
}
