import Schema from 'async-validator';
import type { RuleItem } from 'async-validator';
import type { FormRule } from 'antd';
import { describe, expect, it } from 'vitest';

import { EMAIL_MAX_LENGTH, createValidator, defaultMessages, formatMessage, rules, validate } from '@/lib/validation';
import type { ValidationRule } from '@/lib/validation';

/** Validates a single value under the key `f` and returns the first message, or null when it passes. */
async function check(rule: ValidationRule | ValidationRule[], value: unknown): Promise<string | null> {
  const result = await validate({ f: rule }, { f: value });
  return result.valid ? null : (result.errors.f ?? '<missing message>');
}

/** Builds an address of exactly `length` characters. */
function emailOfLength(length: number): string {
  const domain = '@example.com';
  return 'a'.repeat(length - domain.length) + domain;
}

describe('formatMessage', () => {
  it('replaces each %s in order', () => {
    expect(formatMessage('%s must be between %s and %s', '标题', 2, 50)).toBe('标题 must be between 2 and 50');
  });

  it('leaves a %s without an argument untouched', () => {
    expect(formatMessage('%s must be one of %s', '状态')).toBe('状态 must be one of %s');
  });
});

describe('defaultMessages', () => {
  it('uses the spec templates verbatim', () => {
    expect(defaultMessages.required).toBe('%s is required');
    expect(defaultMessages.whitespace).toBe('%s cannot be empty');
    expect(defaultMessages.enum).toBe('%s must be one of %s');
    expect(defaultMessages.types.email).toBe('%s is not a valid email');
    expect(defaultMessages.string.min).toBe('%s must be at least %s characters');
    expect(defaultMessages.string.max).toBe('%s cannot be longer than %s characters');
    expect(defaultMessages.string.range).toBe('%s must be between %s and %s');
    expect(defaultMessages.number.min).toBe('%s cannot be less than %s');
    expect(defaultMessages.number.max).toBe('%s cannot be greater than %s');
    expect(defaultMessages.number.range).toBe('%s must be between %s and %s');
  });

  it('works with a raw async-validator schema', async () => {
    const schema = new Schema({ title: { required: true } });
    schema.messages(defaultMessages);
    await expect(schema.validate({}, { suppressWarning: true })).rejects.toMatchObject({
      errors: [{ field: 'title', message: 'title is required' }],
    });
  });

  // createValidator applies defaultMessages to hand-written rules (no `message`): the key is the label.
  it.each<[key: string, rule: RuleItem, value: unknown, message: string]>([
    ['required', { required: true }, '', 'f is required'],
    ['whitespace', { type: 'string', whitespace: true }, '  ', 'f cannot be empty'],
    ['enum', { type: 'enum', enum: ['a', 'b'] }, 'c', 'f must be one of a, b'],
    ['types.email', { type: 'email' }, 'nope', 'f is not a valid email'],
    ['types.url', { type: 'url' }, 'nope', 'f is not a valid URL'],
    ['types.hex', { type: 'hex' }, 'nope', 'f is not a valid hex color'],
    ['types.number', { type: 'number' }, 'nope', 'f is not a valid number'],
    ['pattern.mismatch', { pattern: /^\d+$/ }, 'abc', 'f is not in a valid format'],
    ['string.len', { type: 'string', len: 3 }, 'ab', 'f must be exactly 3 characters'],
    ['string.min', { type: 'string', min: 3 }, 'ab', 'f must be at least 3 characters'],
    ['string.max', { type: 'string', max: 3 }, 'abcd', 'f cannot be longer than 3 characters'],
    ['string.range', { type: 'string', min: 2, max: 3 }, 'a', 'f must be between 2 and 3'],
    ['number.len', { type: 'number', len: 3 }, 4, 'f must be exactly 3'],
    ['number.min', { type: 'number', min: 3 }, 2, 'f cannot be less than 3'],
    ['number.max', { type: 'number', max: 3 }, 4, 'f cannot be greater than 3'],
    ['number.range', { type: 'number', min: 2, max: 3 }, 1, 'f must be between 2 and 3'],
    ['array.len', { type: 'array', len: 2 }, [1], 'f must have exactly 2 items'],
    ['array.min', { type: 'array', min: 2 }, [1], 'f cannot be less than 2'],
    ['array.max', { type: 'array', max: 2 }, [1, 2, 3], 'f cannot be greater than 2'],
    ['array.range', { type: 'array', min: 1, max: 2 }, [], 'f must be between 1 and 2'],
  ])('%s', async (_key, rule, value, message) => {
    const result = await validate({ f: rule }, { f: value });
    expect(result).toEqual({ valid: false, errors: { f: message } });
  });
});

describe('rules.required', () => {
  const rule = rules.required('标题');

  it('is a plain rule with the label already substituted', () => {
    expect(rule).toEqual({ required: true, message: '标题 is required' });
  });

  it.each([
    ['an empty string', ''],
    ['undefined', undefined],
    ['null', null],
    ['an empty array', []],
  ])('fails on %s', async (_name, value) => {
    expect(await check(rule, value)).toBe('标题 is required');
  });

  it('fails when the key is missing', async () => {
    expect(await validate({ title: rule }, {})).toEqual({ valid: false, errors: { title: '标题 is required' } });
  });

  it.each([
    ['text', 'x'],
    ['zero', 0],
    ['false', false],
    ['a non-empty array', ['a']],
  ])('passes on %s', async (_name, value) => {
    expect(await check(rule, value)).toBeNull();
  });
});

describe('rules.whitespace', () => {
  const rule = rules.whitespace('标题');

  it('fails on a whitespace-only string', async () => {
    expect(await check(rule, '   ')).toBe('标题 cannot be empty');
    expect(await check(rule, '\t\n ')).toBe('标题 cannot be empty');
  });

  it('passes on text, even with surrounding spaces', async () => {
    expect(await check(rule, '  新闻  ')).toBeNull();
  });

  it('together with required, rejects both empty and blank input', async () => {
    const both = [rules.required('标题'), rules.whitespace('标题')];
    expect(await check(both, '')).toBe('标题 is required');
    expect(await check(both, '  ')).toBe('标题 cannot be empty');
  });
});

describe('rules.email', () => {
  const rule = rules.email('邮箱');

  it('has the email message', () => {
    expect(rule.message).toBe('邮箱 is not a valid email');
  });

  it('passes a valid address', async () => {
    expect(await check(rule, 'editor@truck-news.cn')).toBeNull();
  });

  it.each(['editor', 'editor@', '@example.com', 'a b@example.com', 'editor@example'])('fails on %s', async (value) => {
    expect(await check(rule, value)).toBe('邮箱 is not a valid email');
  });

  it('limits addresses to 254 characters', () => {
    expect(EMAIL_MAX_LENGTH).toBe(254);
  });

  it('passes at 254 characters and fails at 255', async () => {
    const ok = emailOfLength(254);
    const tooLong = emailOfLength(255);
    expect(ok).toHaveLength(254);
    expect(tooLong).toHaveLength(255);
    expect(await check(rule, ok)).toBeNull();
    expect(await check(rule, tooLong)).toBe('邮箱 is not a valid email');
  });

  it('is stricter than plain async-validator, which accepts 255 characters', async () => {
    expect(await check({ type: 'email', message: 'x' }, emailOfLength(255))).toBeNull();
  });

  it('rejects a non-string value', async () => {
    expect(await check(rule, 42)).toBe('邮箱 is not a valid email');
  });

  it('lets an empty value pass unless required', async () => {
    expect(await check(rule, '')).toBeNull();
    expect(await check([rules.required('邮箱'), rule], '')).toBe('邮箱 is required');
  });

  it('is what rules.type(label, "email") returns', () => {
    expect(rules.type('邮箱', 'email')).toEqual(rule);
  });
});

describe('rules.url', () => {
  const rule = rules.url('链接');

  it.each(['https://www.example.com/news/1?page=2#top', 'http://localhost:3000/admin', 'www.example.com'])('passes %s', async (value) => {
    expect(await check(rule, value)).toBeNull();
  });

  it.each(['example', 'htp:/example.com', 'https://exa mple.com'])('fails on %s', async (value) => {
    expect(await check(rule, value)).toBe('链接 is not a valid URL');
  });
});

describe('rules.hex', () => {
  const rule = rules.hex('颜色');

  it.each(['#1677ff', '#FFF', 'abc123'])('passes %s', async (value) => {
    expect(await check(rule, value)).toBeNull();
  });

  it.each(['#12345', '#ggg', 'red'])('fails on %s', async (value) => {
    expect(await check(rule, value)).toBe('颜色 is not a valid hex color');
  });
});

describe('rules.pattern', () => {
  const rule = rules.pattern('别名', /^[a-z0-9-]+$/);

  it('passes a matching value', async () => {
    expect(await check(rule, 'heavy-trucks-2024')).toBeNull();
  });

  it('fails on a mismatch', async () => {
    expect(await check(rule, 'Heavy Trucks')).toBe('别名 is not in a valid format');
  });

  it('ignores a global flag left on the regex', async () => {
    const global = rules.pattern('别名', /^[a-z]+$/g);
    expect(await check(global, 'abc')).toBeNull();
    expect(await check(global, 'abc')).toBeNull();
  });
});

describe('rules.enum', () => {
  const rule = rules.enum('状态', ['draft', 'published']);

  it('passes a listed value', async () => {
    expect(await check(rule, 'published')).toBeNull();
  });

  it('fails on any other value and lists the allowed ones', async () => {
    expect(await check(rule, 'archived')).toBe('状态 must be one of draft, published');
  });

  it('compares strictly', async () => {
    expect(await check(rules.enum('级别', [1, 2]), '1')).toBe('级别 must be one of 1, 2');
  });
});

describe('rules.length for strings (default)', () => {
  it('min: "%s must be at least %s characters"', async () => {
    const rule = rules.length('标题', { min: 2 });
    expect(await check(rule, '新')).toBe('标题 must be at least 2 characters');
    expect(await check(rule, '新闻')).toBeNull();
  });

  it('max: "%s cannot be longer than %s characters"', async () => {
    const rule = rules.length('标题', { max: 5 });
    expect(await check(rule, '卡车新闻网站')).toBe('标题 cannot be longer than 5 characters');
    expect(await check(rule, '卡车新闻网')).toBeNull();
  });

  it('range: "%s must be between %s and %s"', async () => {
    const rule = rules.length('标题', { min: 2, max: 4 });
    expect(await check(rule, '新')).toBe('标题 must be between 2 and 4');
    expect(await check(rule, '卡车新闻网')).toBe('标题 must be between 2 and 4');
    expect(await check(rule, '新闻')).toBeNull();
    expect(await check(rule, '卡车新闻')).toBeNull();
  });

  it('len: exact length', async () => {
    const rule = rules.length('验证码', { len: 4 });
    expect(await check(rule, '123')).toBe('验证码 must be exactly 4 characters');
    expect(await check(rule, '1234')).toBeNull();
  });

  it('builds a plain rule with only the given bounds', () => {
    expect(rules.length('标题', { max: 100 })).toEqual({
      type: 'string',
      max: 100,
      message: '标题 cannot be longer than 100 characters',
    });
  });

  it('needs at least one bound', () => {
    expect(() => rules.length('标题', {})).toThrow(/len, min or max/);
  });
});

describe('rules.length / rules.range for numbers', () => {
  it('min: "%s cannot be less than %s"', async () => {
    const rule = rules.range('排序', { min: 0 });
    expect(await check(rule, -1)).toBe('排序 cannot be less than 0');
    expect(await check(rule, 0)).toBeNull();
  });

  it('max: "%s cannot be greater than %s"', async () => {
    const rule = rules.length('排序', { max: 999 }, 'number');
    expect(await check(rule, 1000)).toBe('排序 cannot be greater than 999');
    expect(await check(rule, 999)).toBeNull();
  });

  it('range: "%s must be between %s and %s"', async () => {
    const rule = rules.range('排序', { min: 1, max: 10 });
    expect(await check(rule, 0)).toBe('排序 must be between 1 and 10');
    expect(await check(rule, 11)).toBe('排序 must be between 1 and 10');
    expect(await check(rule, 5)).toBeNull();
  });

  it('rejects a non-number with the rule message', async () => {
    expect(await check(rules.range('排序', { min: 1 }), 'abc')).toBe('排序 cannot be less than 1');
  });
});

describe('rules.length for arrays', () => {
  it('min', async () => {
    const rule = rules.length('标签', { min: 1 }, 'array');
    expect(await check(rule, [])).toBe('标签 cannot be less than 1');
    expect(await check(rule, ['卡车'])).toBeNull();
  });

  it('max', async () => {
    const rule = rules.length('标签', { max: 2 }, 'array');
    expect(await check(rule, ['a', 'b', 'c'])).toBe('标签 cannot be greater than 2');
    expect(await check(rule, ['a', 'b'])).toBeNull();
  });

  it('range', async () => {
    const rule = rules.range('标签', { min: 1, max: 3 }, 'array');
    expect(await check(rule, ['a', 'b', 'c', 'd'])).toBe('标签 must be between 1 and 3');
    expect(await check(rule, ['a', 'b', 'c'])).toBeNull();
  });

  it('len', async () => {
    const rule = rules.length('图片', { len: 2 }, 'array');
    expect(await check(rule, ['a'])).toBe('图片 must have exactly 2 items');
    expect(await check(rule, ['a', 'b'])).toBeNull();
  });
});

describe('rules.type', () => {
  it.each([
    ['number', 'abc', '排序 is not a valid number'],
    ['integer', 1.5, '排序 is not a valid integer'],
    ['boolean', 'yes', '排序 is not a valid boolean'],
    ['array', 'a,b', '排序 is not a valid list'],
  ] as const)('%s rejects %j', async (type, value, message) => {
    expect(await check(rules.type('排序', type), value)).toBe(message);
  });

  it.each([
    ['number', 3],
    ['integer', 3],
    ['boolean', false],
    ['array', ['a']],
  ] as const)('%s accepts %j', async (type, value) => {
    expect(await check(rules.type('排序', type), value)).toBeNull();
  });
});

describe('createValidator / validate', () => {
  const articleForm = createValidator({
    title: [rules.required('标题'), rules.whitespace('标题'), rules.length('标题', { max: 10 })],
    email: [rules.email('邮箱')],
    status: [rules.required('状态'), rules.enum('状态', ['draft', 'published'])],
  });

  it('passes valid values', async () => {
    expect(await articleForm({ title: '新车发布', email: 'a@b.cn', status: 'draft' })).toEqual({
      valid: true,
      errors: {},
    });
  });

  it('reports the first message of each failing field', async () => {
    expect(await articleForm({ title: '', email: 'x', status: 'deleted' })).toEqual({
      valid: false,
      errors: {
        title: '标题 is required',
        email: '邮箱 is not a valid email',
        status: '状态 must be one of draft, published',
      },
    });
  });

  it('can be reused and does not keep state between calls', async () => {
    expect((await articleForm({ title: '   ', status: 'draft' })).errors).toEqual({ title: '标题 cannot be empty' });
    expect((await articleForm({ title: 'ok', status: 'draft' })).valid).toBe(true);
  });
});

describe('antd compatibility', () => {
  it('builder output type-checks as antd Form rules and carries a string message', () => {
    const formRules: FormRule[] = [
      rules.required('标题'),
      rules.whitespace('标题'),
      rules.email('邮箱'),
      rules.url('链接'),
      rules.hex('颜色'),
      rules.pattern('别名', /^[a-z-]+$/),
      rules.enum('状态', ['draft', 'published']),
      rules.length('标题', { min: 1, max: 100 }),
      rules.range('排序', { min: 0 }),
      rules.length('标签', { max: 5 }, 'array'),
      rules.type('排序', 'integer'),
    ];
    for (const rule of formRules) {
      expect(typeof rule).toBe('object');
      expect(typeof (rule as { message?: unknown }).message).toBe('string');
    }
  });
});
