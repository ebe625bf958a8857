/** The people rules that need no yup (messages), for the exam-access schema. */
export const ACCESS_MSG = {
  type: /*i18n*/ 'Type  is required',
  exam: /*i18n*/ 'Exam is required',
  totalTimes: /*i18n*/ 'Total Times is required',
  fromDate: /*i18n*/ 'From Date is required',
  toDate: /*i18n*/ 'To Date is required',
  toBeforeFrom: /*i18n*/ 'To Date should be after From Date',
  examTwice: /*i18n*/ 'Exam is selected twice',
} as const;
