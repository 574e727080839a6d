/**
 * The Standard Schema interface (`~standard`, version 1) for the references' hand-written `Config`
 * functions. DSH (cordis 4) validates plugin config only through `Config['~standard'].validate`, so a
 * Config that is just a function cannot be loaded; the published packages' schemastery schemas carry
 * this interface, and so do the references. A schema failure (an error named `ValidationError`, whose
 * message starts `$.<path>` like schemastery's) becomes an issue with that path; anything else thrown
 * propagates, as schemastery's own implementation does.
 */

export interface StandardResult<T> {
  value?: T;
  issues?: ReadonlyArray<{ message: string; path?: ReadonlyArray<PropertyKey> }>;
}

export interface StandardSchema<T> {
  readonly '~standard': { readonly version: 1; readonly vendor: string; validate(value: unknown): StandardResult<T> };
}

function issuePath(message: string): string[] | undefined {
  const match = /^\$\.([A-Za-z0-9_$.]+) /.exec(message);
  return match ? match[1].split('.') : undefined;
}

/** Give a parse function (that throws `ValidationError`s) the Standard Schema interface, in place. */
export function withStandardSchema<F extends (input?: unknown) => unknown>(parse: F): F & StandardSchema<ReturnType<F>> {
  const standard = {
    version: 1 as const,
    vendor: 'dsh-ctx-conform-reference',
    validate(value: unknown): StandardResult<ReturnType<F>> {
      try {
        return { value: parse(value) as ReturnType<F> };
      } catch (error) {
        if (error instanceof Error && error.name === 'ValidationError') {
          const path = issuePath(error.message);
          return { issues: [path ? { message: error.message, path } : { message: error.message }] };
        }
        throw error;
      }
    },
  };
  Object.defineProperty(parse, '~standard', { value: standard, enumerable: false });
  return parse as F & StandardSchema<ReturnType<F>>;
}
