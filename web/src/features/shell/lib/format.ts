const hoursFormat = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 });
const countFormat = new Intl.NumberFormat('en-GB');

/** Hours as the API gives them (two decimals at most): 0, 1.5, 12.25. */
export function formatHours(hours: number): string {
  return hoursFormat.format(hours);
}

export function formatCount(count: number): string {
  return countFormat.format(count);
}

export function plural(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}
