// A function of a text, its latest answers remembered: each computed once, all forgotten in one go
// past `limit` texts (a flood asks for the same few again and again; one of new texts costs a clear
// now and then, never a growing map).
export function remembered<V>(limit: number, compute: (text: string) => V): (text: string) => V {
  const answers = new Map<string, V>();
  return (text) => {
    const known = answers.get(text);
    if (known !== undefined) return known;
    if (answers.size >= limit) answers.clear();
    const value = compute(text);
    answers.set(text, value);
    return value;
  };
}
