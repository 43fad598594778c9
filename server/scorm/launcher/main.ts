import { readLaunchConfig, showBrokenPackage, startLauncher } from './launcher';

/*
 * The entry of the launch page's script (the package's launch.js, built by server/scorm/launchScript.ts):
 * reads the package's config from launch.html and starts the launcher.
 */
try {
  startLauncher(window, readLaunchConfig(document));
} catch (error) {
  showBrokenPackage(document, error instanceof Error ? error.message : String(error));
  throw error;
}
