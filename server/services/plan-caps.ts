// The message of a plan's cap on a count of things (webhook endpoints, brands): what the plan
// includes, what the team has, and which plans allow more. On the top plan no plan does, and the
// message says what to do instead (issue 43: it read "…the team has 25; allow more.").

const list = (names: string[]) => (names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`);

export function capReachedMessage(o: { plan: string; limit: number; used: number; one: string; many: string; plans: readonly string[] }): string {
  const { plan, limit, used, one, many, plans } = o;
  if (limit === 0) return plans.length ? `The ${plan} plan includes no ${many}; ${list([...plans])} ${plans.length === 1 ? 'does' : 'do'}.` : `No plan includes ${many}.`;
  const has = `The ${plan} plan includes ${limit} ${limit === 1 ? one : many} and the team has ${used}`;
  if (!plans.length) return `${has}, the most any plan allows; delete one to add another.`;
  return `${has}; ${list([...plans])} ${plans.length === 1 ? 'allows' : 'allow'} more.`;
}
