import type { SourceName } from '../../spec/revisions.js';
import { sessionArbitrary, type SourceIngredients } from './session-arbitrary.js';

/** The generated-session arbitrary for a source, with that source's ingredients when it has any. */
export async function arbitraryFor(source: SourceName) {
  let ingredients: Partial<SourceIngredients> = {};
  try {
    ingredients = ((await import(/* @vite-ignore */ `./${source}.js`)) as { ingredients: Partial<SourceIngredients> }).ingredients;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ERR_MODULE_NOT_FOUND') throw error;
  }
  return sessionArbitrary(source, ingredients);
}
