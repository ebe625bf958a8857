/** The exam package's calls in the api slice: the name a downloaded file is saved under. */
import { dispositionName } from '../endpoints/exam-package';

test('a download is saved under the name the server gives, in any script', () => {
  expect(dispositionName(`attachment; filename="exam.zip"; filename*=UTF-8''${encodeURIComponent('수학-시험.zip')}`, 'x.zip')).toBe('수학-시험.zip');
  expect(dispositionName('attachment; filename="EPS-TOPIK-Mock-Test-1.zip"', 'x.zip')).toBe('EPS-TOPIK-Mock-Test-1.zip');
  expect(dispositionName("attachment; filename=\"a.zip\"; filename*=UTF-8''%E0%A4", 'x.zip')).toBe('a.zip');
  expect(dispositionName(null, 'exam.zip')).toBe('exam.zip');
});
