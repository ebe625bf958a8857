/** The people rules that need no yup (messages), for the exam-access schema. */
export const ACCESS_MSG = {
  type: 'Type  is required',
  exam: 'Exam is required',
  totalTimes: 'Total Times is required',
  fromDate: 'From Date is required',
  toDate: 'To Date is required',
  toBeforeFrom: 'To Date should be after From Date',
  examTwice: 'Exam is selected twice',
} as const;
