pragma circom 2.0.0;

// The smallest useful case: two private factors, two public outputs.
template Multiplier() {
    signal input a;
    signal input b;
    signal output c;
    signal output d;
    c <== a * b;
    d <== c * c + a;
}

component main = Multiplier();
