/** Takes the lock of DIR, prints `holding pid N`, and waits to be killed (or exits at once with --exit, leaving the lock file). */
import { acquireDirLock } from '../../../server/db/lock';

acquireDirLock(process.argv[2]);
console.log(`holding pid ${process.pid}`);
if (process.argv[3] === '--exit') process.kill(process.pid, 'SIGKILL');
else setInterval(() => {}, 1000);
