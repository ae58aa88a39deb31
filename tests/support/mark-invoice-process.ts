import type { StaffContext } from "../../app/actions/context";
import { openDatabase } from "../../app/db.server";
import { markInvoiceIssued } from "../../app/finance/invoices-admin.server";

// Another process marking invoices on the same database file, as a second server or a script
// would (tests/integration/finance.test.ts races it against the test's own process). Each message
// is one mark; the answer is its outcome.

const db = openDatabase(process.env.DATABASE_PATH!);

process.on("message", (message: { ctx: StaffContext; input: { requestId: number; folio: string } }) => {
  markInvoiceIssued(db, message.ctx, message.input).then(
    (outcome) => process.send!({ outcome }),
    (error: unknown) => process.send!({ error: String(error) }),
  );
});
process.on("disconnect", () => {
  void db.destroy().finally(() => process.exit(0));
});
process.send!("ready");
