import { changePasswordSchema, loginSchema, msg, phone, required } from '../validation';
import { checkLogin } from '../checks';
import * as lazySchemas from '../lazy-schemas';
import * as allSchemas from '../schemas/index';

async function errorsOf(schema: { validate: (v: unknown, o: object) => Promise<unknown> }, value: unknown) {
  try {
    await schema.validate(value, { abortEarly: false });
    return [];
  } catch (e) {
    // The form shows each field's first message.
    const inner = (e as { inner: { path?: string; message: string }[]; errors: string[] }).inner;
    if (!inner.length) return (e as { errors: string[] }).errors;
    const seen = new Map<string | undefined, string>();
    for (const i of inner) if (!seen.has(i.path)) seen.set(i.path, i.message);
    return [...seen.values()];
  }
}

describe('shared checker messages', () => {
  it('builds the spec wording, including its spacing', () => {
    expect(msg.empty('Email')).toBe('Email cannot be empty.');
    expect(msg.invalid('Email')).toBe(' Invalid Email.');
    expect(msg.min('Password', 8)).toBe('Password should be more than 8 characters.');
    expect(msg.max('Title', 50)).toBe('Title should be less than 50 characters.');
    expect(msg.fileSize('Image', 700)).toBe('Image cannot exceed 700KB');
    expect(msg.fileType('Image', ['png', 'jpeg'])).toBe('Image only supports type of png, jpeg');
  });

  it('login: email required and valid, password required and at least 8', async () => {
    expect(await errorsOf(loginSchema, { email: '', password: '' })).toEqual(['Email cannot be empty.', 'Password cannot be empty.']);
    expect(await errorsOf(loginSchema, { email: 'a@b', password: '1234567' })).toEqual([' Invalid Email.', 'Password should be more than 8 characters.']);
    expect(await errorsOf(loginSchema, { email: 'a@b.com', password: '12345678' })).toEqual([]);
  });

  it("required fails on a 'select' placeholder", async () => {
    expect(await errorsOf(required('Category'), 'Select category')).toEqual(['Category cannot be empty.']);
  });

  it('phone must be exactly 10 digits', async () => {
    expect(await errorsOf(phone(), '98012345')).toHaveLength(1);
    expect(await errorsOf(phone(), '98012345ab')).toHaveLength(1);
    expect(await errorsOf(phone(), '9801234567')).toEqual([]);
  });

  it('password change: confirm must match', async () => {
    const errs = await errorsOf(changePasswordSchema, { password: 'password123', newPassword: 'newpassword1', confirmPassword: 'newpassword2' });
    expect(errs).toEqual(['Confirm Password doesnot match']);
  });
});

describe('placeholder detection', () => {
  it("treats only a value starting with the word 'select' as a placeholder", async () => {
    const { isChosen } = await import('../validation');
    expect(isChosen('Select category')).toBe(false);
    expect(isChosen('select')).toBe(false);
    expect(isChosen('')).toBe(false);
    expect(isChosen('SELECTEDEXAM')).toBe(true);
    expect(isChosen('Selena')).toBe(true);
  });
});

describe('the sign-in form without yup', () => {
  it('checkLogin gives the same message as loginSchema for each field, case by case', async () => {
    const cases = [
      { email: '', password: '' }, { email: '   ', password: '        ' }, { email: 'a@b', password: '1234567' },
      { email: 'a@b.com', password: '12345678' }, { email: ' student@example.com ', password: ' 1234567 ' },
      { email: 'no-at-sign.com', password: 'password123' }, { email: 'a b@c.de', password: 'x' }, { email: 'a@b.c', password: 'abcdefghi' },
      { email: 'student@example.com', password: 'password123' },
    ];
    for (const values of cases) {
      const fromYup: Record<string, string> = {};
      try {
        await loginSchema.validate(values, { abortEarly: false });
      } catch (e) {
        for (const i of (e as { inner: { path: string; message: string }[] }).inner) fromYup[i.path] ??= i.message;
      }
      expect({ values, errors: checkLogin(values) }).toEqual({ values, errors: fromYup });
    }
  });
});

describe('lazy schema handles', () => {
  it('every handle loads the schema of its name, and every form schema has a handle', async () => {
    const handles = Object.entries(lazySchemas).filter(([, v]) => typeof v === 'object' && v && 'lazySchema' in v);
    for (const [name, handle] of handles) {
      expect(await (handle as { load: () => Promise<unknown> }).load()).toBe((allSchemas as Record<string, unknown>)[name]);
    }
    const schemaNames = Object.keys(allSchemas).filter((n) => n.endsWith('Schema') && n !== 'nameSchema');
    expect(handles.map(([n]) => n).sort()).toEqual(schemaNames.sort());
  });
});
