// People screens (users, institutes, user detail, access, results, reports).
export {};
