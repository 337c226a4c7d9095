import type { RemoteEnv } from "@dealer/shared/fragment-server";
import type { SearchPushEnv } from "@dealer/shared/search-backend";
import type { PhotoMessage } from "./stock/photos/photo-message";

/** The search backend's settings (shared/src/search-backend): vars, and the two keys as Worker secrets. */
export type SearchBackendEnv = {
  SEARCH_BACKEND?: string;
  ALGOLIA_APP_ID?: string;
  ALGOLIA_HOSTS?: string;
  ALGOLIA_INDEX?: string;
  ALGOLIA_SEARCH_KEY?: string;
  ALGOLIA_WRITE_KEY?: string;
} & SearchPushEnv;

/** A dealer's photos (ADR 0067): fetched by the photo queue's consumer, kept in R2, measured and cleaned by Images. */
export type PhotoEnv = {
  PHOTO_QUEUE?: Queue<PhotoMessage>;
  PHOTOS?: R2Bucket;
  IMAGES?: ImagesBinding;
  LOCAL_DEV?: string;
};

export type Env = RemoteEnv & PhotoEnv & {
  DB: D1Database;
  /** Heap the vehicle indexes of an isolate may take, in MB (ADR 0034); the default fits a 25,000-vehicle site. */
  SEARCH_INDEX_BUDGET_MB?: string;
} & SearchBackendEnv;
