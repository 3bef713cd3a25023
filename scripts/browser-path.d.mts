export declare const SYSTEM_CHROMIUM: readonly string[];
export declare function systemChromium(): string | undefined;
