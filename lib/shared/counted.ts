// A count with its noun in the right number, for every face: "1 page", "2 pages", "1 entry".
export const counted = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;
