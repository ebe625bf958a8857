/** Exam transfer from another deployment (admin only). */
import { Route, type NavItem } from 'shared-ui';
import { paths } from '../paths';
import { TransferExamPage } from '../transfer/transfer-exam-page';

export const transferNav: NavItem[] = [{ label: /*i18n*/ 'Transfer Exam', to: paths.transfer }];

export const transferRoutes = <Route path="transferexam" element={<TransferExamPage />} />;
