/** The part of laravel-vapor (0.7, no types of its own) the tests use. */
declare module 'laravel-vapor' {
  interface StoreOptions {
    baseURL?: string;
    signedStorageUrl?: string;
    headers?: Record<string, string>;
    bucket?: string;
    contentType?: string;
    progress?: (fraction: number) => void;
  }
  const Vapor: { store(file: File, options?: StoreOptions): Promise<Record<string, unknown>> };
  export default Vapor;
}
