import { originOf } from '../scorm/origin';

/** Who signs the credentials: the installation, by its name and public address (docs/certificates.md). */
export interface CertificateIssuer {
  /** CERTIFICATE_ISSUER_NAME (default "Lernwerk"). */
  name: string;
  /** PUBLIC_ORIGIN, the address learners and checkers reach; null: the address each request came to. */
  origin: string | null;
}

export function certificateIssuerFromEnv(env: NodeJS.ProcessEnv = process.env): CertificateIssuer {
  const name = env.CERTIFICATE_ISSUER_NAME?.trim() || 'Lernwerk';
  if (name.length > 200) throw new Error('CERTIFICATE_ISSUER_NAME: at most 200 characters');
  const configured = env.PUBLIC_ORIGIN?.trim();
  const origin = configured ? originOf(configured) : null;
  if (configured && !origin) throw new Error(`PUBLIC_ORIGIN: ${configured} is not an http(s) origin (like https://lernwerk.school.example, no path)`);
  return { name, origin };
}
