import { dkimSign } from 'mailauth';

/** What mailauth's signer is told for one signature. */
export interface SignWith {
  domain: string;
  selector: string;
  privateKey: string;
  algorithm?: 'rsa-sha256' | 'rsa-sha1' | 'ed25519-sha256';
  canonicalization?: string;
  /** `x=`. */
  expires?: Date;
  /** `t=`. */
  signTime?: Date;
  /** `l=`: how much of the body is signed. */
  maxBodyLength?: number;
  /** `h=`, colon-separated. */
  headerList?: string;
}

/** The DKIM-Signature field (CRLF-ended) mailauth's signer makes for `raw`. */
export async function dkimSignature(raw: Buffer, w: SignWith): Promise<string> {
  const entry = {
    signingDomain: w.domain,
    selector: w.selector,
    privateKey: w.privateKey,
    ...(w.algorithm ? { algorithm: w.algorithm } : {}),
    ...(w.canonicalization ? { canonicalization: w.canonicalization } : {}),
    ...(w.maxBodyLength !== undefined ? { maxBodyLength: w.maxBodyLength } : {}),
  };
  const { signatures, errors } = await dkimSign(raw, {
    ...entry,
    ...(w.expires ? { expires: w.expires } : {}),
    // mailauth's signer reads the clock twice for t= when it is not given, before and after the
    // RSA signature: across a second's rounding the two differ and the signature is bad (about
    // one in 400). A time given once signs what it writes.
    signTime: w.signTime ?? new Date(),
    ...(w.headerList ? { headerList: w.headerList } : {}),
    // mailauth 4.13 signs with the keys of signatureData only.
    signatureData: [entry],
  } as never);
  if (errors?.length) throw new Error(`signing failed: ${String(errors[0])}`);
  return signatures;
}

/** `raw` with a DKIM-Signature of mailauth's signer on top, as a sending MTA adds it. */
export async function signed(raw: Buffer, w: SignWith): Promise<Buffer> {
  return Buffer.concat([Buffer.from(await dkimSignature(raw, w)), raw]);
}
