import { uploadSuite } from './uploads.suite.ts';

uploadSuite('local');
