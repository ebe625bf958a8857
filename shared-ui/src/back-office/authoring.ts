// Exam authoring screens (exams, questions, categories, private-exam access, question summary).
export {};
