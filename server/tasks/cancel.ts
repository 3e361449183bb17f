/** Thrown inside a running task when it was cancelled: the task's transaction rolls back. */
export class TaskCancelled extends Error {
  constructor() {
    super('任务已取消');
    this.name = 'TaskCancelled';
  }
}
