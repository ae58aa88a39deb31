/**
 * The twelve Mexico City months the staff dashboard shows in March 2030 (April 2029 to March 2030,
 * oldest first): the window both the Teaching office's figures (tests/integration/dashboard.test.ts)
 * and the income chart (tests/integration/finance-ledger.test.ts) are checked over.
 */
export const MONTHS_TO_MARCH_2030 = [
  "2029-04",
  "2029-05",
  "2029-06",
  "2029-07",
  "2029-08",
  "2029-09",
  "2029-10",
  "2029-11",
  "2029-12",
  "2030-01",
  "2030-02",
  "2030-03",
];
