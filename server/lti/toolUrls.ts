/** The tool's addresses under /lti, the values an LMS administrator pastes into the LMS (docs/lti.md). */
export const LTI_PATHS = {
  login: '/lti/login',
  launch: '/lti/launch',
  jwks: '/lti/jwks',
  /** The deep linking picker (GET) and the instructor's choice (POST). */
  deepLink: '/lti/deep-link',
  /** A launch checked through the LMS's storage frame (JSON, same origin only). */
  launchChecked: '/lti/launch/checked',
  /** The script of the storage pages. */
  storageScript: '/lti/storage.js',
} as const;

export interface ToolUrls {
  login: string;
  launch: string;
  jwks: string;
  /** Deep linking requests come to the launch URL as well. */
  deepLinking: string;
}

export function toolUrls(origin: string): ToolUrls {
  const at = (path: string) => `${origin}${path}`;
  return { login: at(LTI_PATHS.login), launch: at(LTI_PATHS.launch), jwks: at(LTI_PATHS.jwks), deepLinking: at(LTI_PATHS.launch) };
}

/** The lines `npm run lti -- add-platform` prints. */
export function toolUrlLines(origin: string): string[] {
  const urls = toolUrls(origin);
  return [`OIDC login URL: ${urls.login}`, `Launch URL: ${urls.launch}`, `JWKS URL: ${urls.jwks}`, `Deep linking URL: ${urls.deepLinking}`];
}
