import { singleton } from "./singleton.server";

type Task = () => Promise<void> | void;

const tasks = singleton("shutdown-tasks", () => [] as Task[]);

/** Registers work to do when the server stops (close the browser, flush mail...). */
export function onShutdown(task: Task) {
  tasks.push(task);
}

export async function runShutdownTasks() {
  for (const task of tasks.splice(0).reverse()) await task();
}
