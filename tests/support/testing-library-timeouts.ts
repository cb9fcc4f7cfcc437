import { configure } from "@testing-library/dom";

/**
 * waitFor and findBy* give up after 1 s by default: on a 2-core machine running three test
 * files at once that is sometimes too short for a render, so they wait up to 5 s. A passing
 * test is not slower: they return as soon as their expectation holds.
 */
configure({ asyncUtilTimeout: 5_000 });
