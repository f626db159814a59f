import { uploadSuite } from '../../../../test/uploads.suite.ts';

// The same upload tests against a real S3-protocol server (s3rver) started by the suite: MEDIA_STORAGE=s3.
uploadSuite('s3');
