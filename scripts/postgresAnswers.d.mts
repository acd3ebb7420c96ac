export declare const postgresAnswers: (url: string) => Promise<boolean>;
