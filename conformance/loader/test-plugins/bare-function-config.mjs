// A Config that is only a function: the kit used to call it; DSH (cordis 4) cannot load the plugin.
export const name = 'time-context';
export function Config(config) {
  return config ?? {};
}
export function apply() {}
