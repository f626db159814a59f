import { uploadSuite } from '../../../../test/uploads.suite.ts';

uploadSuite('local');
