import { csvText } from './csv';

describe('csvText', () => {
  it('quotes what needs quoting, escapes formulas, keeps Korean and Nepali text, CRLF line ends', async () => {
    const text = await csvText(['Student', 'Score'], [
      ['Ram, "Bahadur"', 35], ['=HYPERLINK("http://x")', '+1'], ['@SUM(A1)', '-2'], ['듣기 시험', 'नेपाली'], [null, undefined],
    ]);
    expect(text.split('\r\n')).toEqual([
      'Student,Score', '"Ram, ""Bahadur""",35', `"'=HYPERLINK(""http://x"")","'+1"`, `"'@SUM(A1)","'-2"`, '듣기 시험,नेपाली', ',', '',
    ]);
  });
});
