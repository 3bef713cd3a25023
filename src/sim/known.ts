/**
 * A value the code knows is there (a cell of a grid it built, a renewer the scenario names), checked: where `value!`
 * would let a broken assumption surface later as "cannot read properties of undefined", this fails at once, here.
 */
export function known<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new Error('Lockstep: a value assumed to be there is missing');
  return value;
}

/**
 * `value` typed as one of `options` if it is one (a select's value, a parameter of the address), else undefined. A
 * number is matched as it is written: '2' is 2, '2.0' is not.
 */
export function oneOf<T extends string | number>(options: readonly T[], value: string | null): T | undefined {
  return options.find((option) => String(option) === value);
}
