import { LAB_FIELDS, type NumericField } from '../settings/lab-config.ts';
import { type FieldProblem } from '../settings/lab-address.ts';
import { echo } from './echo.ts';
import { fillTemplate } from './fill-template.ts';

/** The sentence for a problem, from the lab's field texts (content/lab/fields.json). */
export function fieldProblemMessage(
  problem: FieldProblem,
  texts: {
    readonly problems: Readonly<Record<FieldProblem['kind'], string>>;
    readonly units: Readonly<Record<'ms' | '%' | 's', string>>;
    readonly labels: Readonly<Record<NumericField, string>>;
  },
): string {
  const values: Record<string, string> = {};
  if ('value' in problem) values.value = echo(problem.value);
  if (problem.kind === 'unknownStorage') {
    values.resource = problem.resource;
    values.options = problem.options.join(' or ');
  }
  if (problem.kind === 'unknownMapAxis') values.options = problem.options.join(', ');
  if (problem.kind === 'notANumber' || problem.kind === 'outOfRange' || problem.kind === 'rounded') {
    const spec = LAB_FIELDS[problem.field];
    // Typed into the form in seconds, it is answered in seconds; a link's milliseconds in milliseconds.
    // Seconds are kept to the millisecond: a value rounded from seconds is rounded to whole milliseconds.
    const unit = problem.inSeconds ? 's' : spec.unit;
    const inUnit = (stored: number) => String(problem.inSeconds ? stored / 1000 : stored);
    const units = texts.units[problem.inSeconds && problem.kind !== 'rounded' ? 's' : spec.unit];
    Object.assign(values, { label: texts.labels[problem.field], units, unit });
    Object.assign(values, { min: inUnit(spec.min), max: inUnit(spec.max) });
    if (problem.kind !== 'notANumber')
      values.used = problem.inSeconds ? `${inUnit(problem.used)} ${unit}` : inUnit(problem.used);
  }
  return fillTemplate(texts.problems[problem.kind], values);
}
