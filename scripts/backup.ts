// Online backup of the SQLite file (safe while the site runs): npm run db:backup -- [target]
import path from "node:path";
import Database from "better-sqlite3";
import { databasePath } from "../app/config.server";

const source = databasePath();
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const target = path.resolve(process.argv[2] ?? path.join(path.dirname(source), `backup-${stamp}.db`));
const database = new Database(source, { fileMustExist: true });
await database.backup(target);
database.close();
console.log(`Backup written to ${target}`);
