import { generatePipelineSuite } from './generate-pipeline-suite';

await generatePipelineSuite('disk');
