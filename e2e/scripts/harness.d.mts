export declare const E2E_PORT: number;
export declare const BASE_URL: string;
export declare const E2E_TMP: string;
export declare const ORIGIN_DIR: string;
export declare const PGLITE_DIR: string;
export declare const API_KEY: string;
export declare const ROOT: string;
