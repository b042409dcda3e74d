export interface TestS3 {
  /** http://127.0.0.1:<port> */
  endpoint: string;
  bucket: string;
  /** Where s3rver keeps the objects. */
  directory: string;
  /** ORIGIN_S3_BUCKET, ORIGIN_S3_ENDPOINT, ORIGIN_S3_FORCE_PATH_STYLE, ORIGIN_S3_REGION and the credentials. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** A local S3-compatible server (s3rver) on a loopback port with one bucket, for tests. */
export declare function startTestS3(options?: { bucket?: string; port?: number; directory?: string }): Promise<TestS3>;
