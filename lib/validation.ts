/**
 * Generic form validation built on async-validator.
 *
 * Two ways to use it:
 *  - `rules.*` builders return plain rule objects with the message already
 *    formatted (label substituted). They work both in `createValidator` /
 *    `validate` and directly as antd `<Form.Item rules={[...]}>` items.
 *  - `defaultMessages` holds the raw `%s` templates for hand-written
 *    async-validator rules (`schema.messages(defaultMessages)`); `createValidator`
 *    applies them automatically.
 *
 * @see SEED §5
 */
import Schema from 'async-validator';
import type { RuleType, Rules, ValidateError, ValidateFieldsError, ValidateMessages, Values } from 'async-validator';

/**
 * Default message templates. Each `%s` is replaced in order: first the field
 * label, then the rule arguments (min, max, len, enum list).
 *
 * The nine spec templates are used verbatim. Where async-validator needs a
 * message the spec has no template for, the choice is commented inline.
 *
 * @see SEED §5
 */
export const defaultMessages = {
  required: '%s is required',
  whitespace: '%s cannot be empty',
  // async-validator passes the allowed values joined by ', '.
  enum: '%s must be one of %s',
  // The spec only has a type template for email. The other types follow the
  // same "is not a valid …" wording, with the type name written out, since
  // async-validator's own '%s is not a valid %s' would print raw type ids
  // such as "hex" or "float".
  types: {
    email: '%s is not a valid email',
    url: '%s is not a valid URL',
    hex: '%s is not a valid hex color',
    string: '%s is not a valid string',
    number: '%s is not a valid number',
    integer: '%s is not a valid integer',
    float: '%s is not a valid decimal number',
    boolean: '%s is not a valid boolean',
    array: '%s is not a valid list',
    object: '%s is not a valid object',
    method: '%s is not a valid function',
    date: '%s is not a valid date',
    regexp: '%s is not a valid regular expression',
  },
  string: {
    // No spec template for an exact length; this one matches the wording of string.min.
    len: '%s must be exactly %s characters',
    min: '%s must be at least %s characters',
    max: '%s cannot be longer than %s characters',
    range: '%s must be between %s and %s',
  },
  number: {
    // No spec template for an exact value; written in the same style.
    len: '%s must be exactly %s',
    min: '%s cannot be less than %s',
    max: '%s cannot be greater than %s',
    range: '%s must be between %s and %s',
  },
  array: {
    // No spec template for an exact item count; written in the same style.
    len: '%s must have exactly %s items',
    // async-validator compares an array's *item count*, so the closest spec
    // templates are the numeric ones. The "characters" templates would be wrong.
    min: '%s cannot be less than %s',
    max: '%s cannot be greater than %s',
    range: '%s must be between %s and %s',
  },
  pattern: {
    // No spec template for a pattern mismatch. async-validator's default
    // ('%s value %s does not match pattern %s') shows editors a raw regex,
    // so we name only the field. Extra arguments (value, pattern) are ignored.
    mismatch: '%s is not in a valid format',
  },
  // `date.*` and `default` are not set: async-validator 4.2.5 never uses them
  // (dates report through `types.date`). Schema.messages() keeps its
  // built-in values for any key left out here.
} satisfies ValidateMessages;

/**
 * Replaces each `%s` in `template` with the next argument, in order. A `%s`
 * with no argument left stays as it is (as in async-validator).
 *
 * @example formatMessage('%s must be between %s and %s', '标题', 2, 50)
 *   // → '标题 must be between 2 and 50'
 * @see SEED §5
 */
export function formatMessage(template: string, ...args: readonly unknown[]): string {
  let index = 0;
  return template.replace(/%s/g, (token) => (index < args.length ? String(args[index++]) : token));
}

/**
 * Rule types our builders emit. It leaves out async-validator's 'pattern' and
 * 'any' because antd's `Rule['type']` does not accept them. A pattern rule
 * omits `type` instead, and async-validator infers it.
 *
 * @see SEED §5
 */
export type ValidationRuleType = Exclude<RuleType, 'pattern' | 'any'>;

/**
 * A plain rule object with its message already formatted. It is assignable to
 * async-validator's `RuleItem` and to antd's `FormRule`.
 *
 * @see SEED §5
 */
export interface ValidationRule {
  required?: boolean;
  whitespace?: boolean;
  type?: ValidationRuleType;
  pattern?: RegExp;
  len?: number;
  min?: number;
  max?: number;
  enum?: Array<string | number | boolean>;
  message: string;
}

/**
 * Bounds for `rules.length` / `rules.range`. If `len` is set it wins, as in
 * async-validator. Otherwise `min` and/or `max` apply.
 *
 * @see SEED §5
 */
export interface LengthBounds {
  len?: number;
  min?: number;
  max?: number;
}

/**
 * What `rules.length` / `rules.range` measure: string characters, a number's
 * value, or an array's item count.
 *
 * @see SEED §5
 */
export type LengthKind = 'string' | 'number' | 'array';

/**
 * Types `rules.type` can check. These are the keys of `defaultMessages.types`.
 *
 * @see SEED §5
 */
export type CheckableType = keyof typeof defaultMessages.types;

/**
 * The longest email address accepted: it must be under 255 characters.
 *
 * @see SEED §5
 */
export const EMAIL_MAX_LENGTH = 254;

/**
 * The email pattern async-validator 4.2.5 uses for `type: 'email'`. The package
 * does not export it, so it is copied here verbatim. We need the pattern itself
 * because the email rule adds the length limit with `max`, and async-validator's
 * `type: 'email'` validator never checks `max`.
 */
const EMAIL_PATTERN =
  /^(([^<>()\[\]\\.,;:\s@"]+(\.[^<>()\[\]\\.,;:\s@"]+)*)|(".+"))@((\[[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}])|(([a-zA-Z\-0-9\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF]+\.)+[a-zA-Z\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF]{2,}))$/;

/** Picks the template async-validator itself would pick for these bounds (len > min+max > min > max). */
function lengthMessage(label: string, bounds: LengthBounds, kind: LengthKind): string {
  const templates = defaultMessages[kind];
  const { len, min, max } = bounds;
  if (len !== undefined) return formatMessage(templates.len, label, len);
  if (min !== undefined && max !== undefined) return formatMessage(templates.range, label, min, max);
  if (min !== undefined) return formatMessage(templates.min, label, min);
  if (max !== undefined) return formatMessage(templates.max, label, max);
  throw new Error('rules.length/range: give at least one of len, min or max');
}

function lengthRule(label: string, bounds: LengthBounds, kind: LengthKind): ValidationRule {
  const message = lengthMessage(label, bounds, kind);
  // Copy only the keys that are set. Every key present in the rule is a
  // constraint for async-validator.
  const rule: ValidationRule = { type: kind, message };
  if (bounds.len !== undefined) rule.len = bounds.len;
  if (bounds.min !== undefined) rule.min = bounds.min;
  if (bounds.max !== undefined) rule.max = bounds.max;
  return rule;
}

function emailRule(label: string): ValidationRule {
  return {
    type: 'string',
    pattern: EMAIL_PATTERN,
    max: EMAIL_MAX_LENGTH,
    message: formatMessage(defaultMessages.types.email, label),
  };
}

/**
 * Rule builders. Each returns one plain rule object with its message filled
 * in. Combine them per field, e.g.
 * `title: [rules.required('标题'), rules.length('标题', { max: 100 })]`.
 *
 * As in async-validator, every rule except `required` lets an empty value
 * (undefined, null, '') pass. Add `rules.required` to make a field mandatory.
 *
 * @see SEED §5
 */
export const rules = {
  /** Fails on undefined, null, '' and []. Message: '%s is required'. */
  required: (label: string): ValidationRule => ({
    required: true,
    message: formatMessage(defaultMessages.required, label),
  }),

  /** Fails on a string of only whitespace. Message: '%s cannot be empty'. */
  whitespace: (label: string): ValidationRule => ({
    type: 'string',
    whitespace: true,
    message: formatMessage(defaultMessages.whitespace, label),
  }),

  /** Checks the value's type, with the matching `defaultMessages.types` message. 'email' gives `rules.email`, length limit included. */
  type: (label: string, type: CheckableType): ValidationRule =>
    type === 'email' ? emailRule(label) : { type, message: formatMessage(defaultMessages.types[type], label) },

  /** A valid address under 255 characters (at most 254). Message: '%s is not a valid email'. */
  email: emailRule,

  /** An absolute URL or one starting with www. (async-validator's url check). Message: '%s is not a valid URL'. */
  url: (label: string): ValidationRule => ({
    type: 'url',
    message: formatMessage(defaultMessages.types.url, label),
  }),

  /** A hex color: '#rgb' or '#rrggbb', with or without the '#'. Message: '%s is not a valid hex color'. */
  hex: (label: string): ValidationRule => ({
    type: 'hex',
    message: formatMessage(defaultMessages.types.hex, label),
  }),

  /** The string must match `pattern`. Message: '%s is not in a valid format'. */
  pattern: (label: string, pattern: RegExp): ValidationRule => ({
    pattern,
    message: formatMessage(defaultMessages.pattern.mismatch, label),
  }),

  /** The value must be one of `values` (strict equality). Message: '%s must be one of a, b, c'. */
  enum: (label: string, values: ReadonlyArray<string | number | boolean>): ValidationRule => ({
    type: 'enum',
    enum: [...values],
    message: formatMessage(defaultMessages.enum, label, values.join(', ')),
  }),

  /**
   * Limits string length (default), a number's value, or an array's item
   * count. The message template matches the bounds given: len, range (min
   * and max), min or max.
   */
  length: (label: string, bounds: LengthBounds, kind: LengthKind = 'string'): ValidationRule => lengthRule(label, bounds, kind),

  /** Same as `length`, but checks a number by default, e.g. `rules.range('排序', { min: 0, max: 999 })`. */
  range: (label: string, bounds: LengthBounds, kind: LengthKind = 'number'): ValidationRule => lengthRule(label, bounds, kind),
} as const;

/**
 * The outcome of a validation. `errors` maps each failing field to its first
 * message. It is empty when `valid` is true.
 *
 * @see SEED §5
 */
export interface ValidationResult {
  valid: boolean;
  errors: Record<string, string>;
}

/**
 * The fields and rules to validate: builder output or any async-validator rule.
 *
 * @see SEED §5
 */
export type ValidationDescriptor = Rules;

interface ValidationFailure {
  errors: ValidateError[];
  fields: ValidateFieldsError;
}

function isValidationFailure(error: unknown): error is ValidationFailure {
  return typeof error === 'object' && error !== null && 'errors' in error && 'fields' in error;
}

function firstMessages(fields: ValidateFieldsError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [field, fieldErrors] of Object.entries(fields)) {
    const first = fieldErrors[0];
    if (first?.message !== undefined) errors[field] = first.message;
  }
  return errors;
}

/**
 * Compiles `descriptor` once, with `defaultMessages` applied, and returns a
 * function that validates a values object. The promise always resolves, to
 * `{ valid, errors }`. It rejects only on an unexpected internal error.
 *
 * @see SEED §5
 */
export function createValidator(descriptor: ValidationDescriptor): (values: Values) => Promise<ValidationResult> {
  const schema = new Schema(descriptor);
  schema.messages(defaultMessages);
  return async (values) => {
    try {
      await schema.validate(values, { suppressWarning: true });
      return { valid: true, errors: {} };
    } catch (error) {
      if (isValidationFailure(error)) return { valid: false, errors: firstMessages(error.fields) };
      throw error;
    }
  };
}

/**
 * One-off validation: `createValidator(descriptor)(values)`.
 *
 * @see SEED §5
 */
export function validate(descriptor: ValidationDescriptor, values: Values): Promise<ValidationResult> {
  return createValidator(descriptor)(values);
}
