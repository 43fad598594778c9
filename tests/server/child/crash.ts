/**
 * A process that crashes the way a bug would, with the error-reporting service of ERROR_REPORTING_DSN
 * configured as the server configures it (server/serve.ts): for tests/server/errorReporting.test.ts.
 * `rejection` as argument: an unhandled rejection instead of an exception.
 */
import { readConfig } from '../../../server/config';
import { errorReporterFromConfig, reportCrashes } from '../../../server/errorReporting/processErrors';

const reporter = errorReporterFromConfig(readConfig());
if (!reporter) throw new Error('no ERROR_REPORTING_DSN');
reportCrashes(reporter);
setTimeout(() => {
  if (process.argv[2] === 'rejection') void Promise.reject(new RangeError('rejected and forgotten'));
  else throw new TypeError('crashed in a timer');
}, 10);
